import { PPV_PRICE } from '@muse/shared';
import { Gift, Lock } from 'lucide-react';
import { Field, Input } from '../../../components/ui/form';
import { formatMoney } from '../publishing-format';
import { ChoiceGroup } from './choice-group';

export type TPriceDraft = { mode: 'free' | 'ppv'; dollars: string };

const PRICE_CHOICES = [
  { value: 'free', label: 'Free', icon: Gift },
  { value: 'ppv', label: 'Pay-per-view', icon: Lock },
] as const;

/** Free, or pay-per-view at a price in dollars (within `PPV_PRICE`, $50.00 unless changed). */
export function PriceField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: TPriceDraft;
  onChange: (value: TPriceDraft) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <div className="space-y-3">
      <ChoiceGroup
        legend="Price"
        name="priceMode"
        value={value.mode}
        choices={PRICE_CHOICES}
        onChange={(mode) => onChange({ ...value, mode })}
        disabled={disabled}
      />
      {value.mode === 'ppv' ? (
        <Field
          label="Price in dollars"
          hint={`From ${formatMoney(PPV_PRICE.min)} to ${formatMoney(PPV_PRICE.max)}. Fans pay this once to unlock the post.`}
          error={error}
        >
          {(control) => (
            <div className="relative">
              <span
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-sm text-zinc-400"
              >
                $
              </span>
              <Input
                {...control}
                name="priceCents"
                inputMode="decimal"
                autoComplete="off"
                value={value.dollars}
                onChange={(event) => onChange({ ...value, dollars: event.target.value })}
                disabled={disabled}
                className="pl-8"
              />
            </div>
          )}
        </Field>
      ) : error ? (
        <p className="text-sm text-red-400">{error}</p>
      ) : null}
    </div>
  );
}
