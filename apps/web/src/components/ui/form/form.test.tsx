import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, CONNECTION_ERROR } from '../../../lib/api';
import {
  ErrorBanner,
  Field,
  Input,
  Select,
  Textarea,
  errorText,
  parseFormWith,
  type TFormError,
} from '.';

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
    const error = new ApiError(
      'INVALID_REQUEST',
      'Link must be a web address',
      'Link must be a web address',
    );
    render(<ErrorBanner>{errorText(error, fallback)}</ErrorBanner>);
    expect(screen.getByRole('alert')).toHaveTextContent('Link must be a web address');
  });

  it('shows the fallback when the server answered without a text', () => {
    render(
      <ErrorBanner>
        {errorText(new ApiError('UNEXPECTED_ANSWER', 'Request failed (500)'), fallback)}
      </ErrorBanner>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(fallback);
  });

  it('says the server could not be reached when the call never arrived', () => {
    const offline = new ApiError(
      'UNREACHABLE',
      'Cannot reach Muse. Check your connection and try again.',
    );
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

describe('parseFormWith', () => {
  const form = () => {
    const element = document.createElement('form');
    element.innerHTML = '<input name="email" />';
    document.body.append(element);
    return element;
  };
  const schema = z.object({ email: z.string().min(1, 'Email is required') });

  it('validates with the schema once it is loaded: the first issue goes to the banner and its field', async () => {
    const element = form();
    const errors: TFormError[] = [];
    const parsed = await parseFormWith(
      async () => schema,
      { email: '' },
      element,
      (error) => errors.push(error),
    );
    expect(parsed).toBeNull();
    expect(errors).toEqual([{ message: 'Email is required', field: 'email' }]);
    expect(document.activeElement).toBe(element.elements.namedItem('email'));
    expect(
      await parseFormWith(
        async () => schema,
        { email: 'a@b.co' },
        element,
        () => {},
      ),
    ).toEqual({ email: 'a@b.co' });
  });

  it('says Muse cannot be reached when the schema cannot be loaded', async () => {
    const errors: TFormError[] = [];
    const parsed = await parseFormWith(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      { email: 'a@b.co' },
      form(),
      (error) => errors.push(error),
    );
    expect(parsed).toBeNull();
    expect(errors).toEqual([{ message: CONNECTION_ERROR }]);
  });
});
