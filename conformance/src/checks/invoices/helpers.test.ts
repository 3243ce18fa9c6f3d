// The PDF's amount is read in any locale's writing: the spec names none, so a correct invoice in German or Swiss
// form must count, and a PDF showing another amount must not.
import fc from 'fast-check';
import { mentionsAmount } from './helpers';

const LOCALES = ['en-GB', 'en-US', 'de-DE', 'fr-FR', 'de-CH', 'en-IN', 'es-ES', 'it-IT', 'nl-NL', 'pl-PL', 'sv-SE'];
const CURRENCIES = ['GBP', 'EUR', 'CHF', 'INR', 'USD'];

/** Amounts as the API writes them: up to ten million, in cents. */
const amounts = fc.integer({ min: 1, max: 1_000_000_000 }).map((cents) => cents / 100);

function written(amount: number, locale: string, currency: string, decimals = 2): string {
  const figure = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: 2,
  }).format(amount);
  return `Invoice\nPeriod: March 2026\nAmount due: ${figure}\nThank you`;
}

describe('mentionsAmount', () => {
  it('finds an amount written in any locale, with or without its decimals where it has none', () => {
    fc.assert(
      fc.property(amounts, fc.constantFrom(...LOCALES), fc.constantFrom(...CURRENCIES), (amount, locale, currency) => {
        expect(mentionsAmount(written(amount, locale, currency), amount)).toBe(true);
        if (Number.isInteger(amount)) expect(mentionsAmount(written(amount, locale, currency, 0), amount)).toBe(true);
      }),
      { seed: 20261128, numRuns: 500 },
    );
  });

  it('finds no amount in a PDF showing another amount', () => {
    const other = fc
      .tuple(amounts, fc.integer({ min: 1, max: 99 }), fc.constantFrom(1, 10, 100))
      .map(([a, k, scale]) => [a, Math.round((a * scale + k / 100) * 100) / 100] as const);
    fc.assert(
      fc.property(
        other,
        fc.constantFrom(...LOCALES),
        fc.constantFrom(...CURRENCIES),
        ([amount, shown], locale, currency) => {
          expect(mentionsAmount(written(shown, locale, currency), amount)).toBe(false);
        },
      ),
      { seed: 20261128, numRuns: 500 },
    );
  });

  it('does not read a longer number as the amount', () => {
    expect(mentionsAmount('Total £11,279.00', 1279)).toBe(false);
    expect(mentionsAmount('Total 1.279,50 €', 279.5)).toBe(false);
    expect(mentionsAmount('Total £1279.50', 1279)).toBe(false);
    expect(mentionsAmount('Total 1279,001', 1279)).toBe(false);
    expect(mentionsAmount('Total £1,279.00 due', 1279)).toBe(true);
    expect(mentionsAmount('Total 1.279,00 €', 1279)).toBe(true);
  });
});
