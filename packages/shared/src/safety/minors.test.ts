import { describe, expect, it } from 'vitest';
import { asksForMinor } from './minors';

describe('a prompt that asks for a minor', () => {
  it.each([
    'a teen at the beach',
    'Teenage girl in a school uniform',
    'portrait of a 16 year old',
    'a 15-year-old model',
    'she is 12yo',
    'aged 14, smiling',
    'a LITTLE GIRL with balloons',
    'young   boy on a bike',
    'kids playing in the park',
    'schoolgirl outfit',
    'a pre-teen dancer',
    'underage',
    'Kindergarten class photo',
  ])('is refused: %s', (prompt) => {
    expect(asksForMinor(prompt)).toBe(true);
  });

  it.each([
    'a woman at the beach, golden hour',
    'girl next door look, 25 years old',
    'a 30-year-old man in a suit',
    'she is 21yo',
    'aged 40, confident',
    'kidding around at the office',
    'baby blue dress',
    'the young professional at her desk',
    'teenth',
    'a 1990s film look',
    'street style, 18 years old',
    'the boys of the band, all grown men',
  ])('is allowed: %s', (prompt) => {
    expect(asksForMinor(prompt)).toBe(false);
  });
});
