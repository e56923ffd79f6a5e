import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { ErrorBanner, Field, Input, Select, Textarea, errorText } from '.';

describe('Field', () => {
  it('labels its control, and shows its error under it, marked invalid and described by it', () => {
    render(
      <Field label="Name" hint="As your followers will see it" error="Name is required">
        {(control) => <Input {...control} name="name" />}
      </Field>,
    );
    const input = screen.getByLabelText('Name');
    expect(screen.getByText('Name is required')).toBeVisible();
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('As your followers will see it Name is required');
  });

  it('is valid and described only by its hint while there is no error', () => {
    render(
      <Field label="Description" hint="A line or two">
        {(control) => <Textarea {...control} name="description" />}
      </Field>,
    );
    const textarea = screen.getByLabelText('Description');
    expect(textarea).not.toBeInvalid();
    expect(textarea).toHaveAccessibleDescription('A line or two');
  });

  it('marks a control invalid without a message when the form says what is wrong in its banner', () => {
    render(
      <Field label="Niche" invalid>
        {(control) => (
          <Select {...control} name="niche" defaultValue="">
            <option value="">Select a niche</option>
          </Select>
        )}
      </Field>,
    );
    expect(screen.getByLabelText('Niche')).toBeInvalid();
    expect(screen.getByLabelText('Niche')).not.toHaveAccessibleDescription();
  });

  it('clears the error once the form drops it', async () => {
    function Form() {
      const [error, setError] = useState<string | null>('Enter a valid link');
      return (
        <Field label="Link" error={error}>
          {(control) => <Input {...control} name="link" onChange={() => setError(null)} />}
        </Field>
      );
    }
    render(<Form />);
    await userEvent.type(screen.getByLabelText('Link'), 'h');
    expect(screen.queryByText('Enter a valid link')).toBeNull();
    expect(screen.getByLabelText('Link')).not.toBeInvalid();
  });
});

describe('ErrorBanner with errorText', () => {
  const fallback = 'Failed to create product';

  it("shows the server's text when the server gave one", () => {
    const error = new ApiError(400, 'Link must be a web address', 'Link must be a web address');
    render(<ErrorBanner>{errorText(error, fallback)}</ErrorBanner>);
    expect(screen.getByRole('alert')).toHaveTextContent('Link must be a web address');
  });

  it('shows the fallback when the server answered without a text', () => {
    render(
      <ErrorBanner>{errorText(new ApiError(500, 'Request failed (500)'), fallback)}</ErrorBanner>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(fallback);
  });

  it('says the server could not be reached when the call never arrived', () => {
    const offline = new ApiError(0, 'Cannot reach Muse. Check your connection and try again.');
    render(<ErrorBanner>{errorText(offline, fallback)}</ErrorBanner>);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Cannot reach Muse. Check your connection and try again.',
    );
  });

  it('shows the general text for anything that is not a failed call', () => {
    render(<ErrorBanner>{errorText(new TypeError('x is undefined'))}</ErrorBanner>);
    expect(screen.getByRole('alert')).toHaveTextContent('An unexpected error occurred');
  });
});
