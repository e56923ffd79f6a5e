import { useId } from 'react';
import { Field, Input } from '../../../components/ui/form';
import { describeTimeZone, type TDayKey } from '../calendar-time';

export type TScheduleDraft = { day: TDayKey; time: string };

/** A date and a time on the creator's clock; the zone is named under them. */
export function ScheduleInputs({
  value,
  onChange,
  timeZone,
  minDay,
  maxDay,
  error,
  disabled,
}: {
  value: TScheduleDraft;
  onChange: (value: TScheduleDraft) => void;
  timeZone: string;
  minDay: TDayKey;
  maxDay: TDayKey;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const zoneId = `${id}-zone`;
  const errorId = `${id}-error`;
  const describedBy = error ? `${zoneId} ${errorId}` : zoneId;
  return (
    <div className="space-y-1.5">
      <div className="grid grid-cols-2 gap-3">
        <Field label="Date" invalid={Boolean(error)}>
          {(control) => (
            <Input
              {...control}
              aria-describedby={describedBy}
              type="date"
              name="publishAt"
              value={value.day}
              min={minDay}
              max={maxDay}
              onChange={(event) => onChange({ ...value, day: event.target.value })}
              disabled={disabled}
              required
              className="min-w-0"
            />
          )}
        </Field>
        <Field label="Time" invalid={Boolean(error)}>
          {(control) => (
            <Input
              {...control}
              aria-describedby={describedBy}
              type="time"
              name="publishTime"
              value={value.time}
              onChange={(event) => onChange({ ...value, time: event.target.value })}
              disabled={disabled}
              required
              className="min-w-0"
            />
          )}
        </Field>
      </div>
      <p id={zoneId} className="text-xs text-zinc-400">
        Times in {describeTimeZone(timeZone)}
      </p>
      {error ? (
        <p id={errorId} className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
