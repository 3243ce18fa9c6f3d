// Energy performance: the band comes from the SAP score when one is on file (A 92+, B 81-91, C 69-80,
// D 55-68, E 39-54, F 21-38, G 1-20), otherwise from the letter recorded on the certificate. A let property
// is compliant while its EPC is in date and at band E or better (the minimum energy efficiency standard).
import { EPC_RATINGS } from '../../persistence/models';

export const EPC_BANDS = EPC_RATINGS;
export type EpcBand = (typeof EPC_BANDS)[number];

/** The lowest SAP score of each band, best band first. */
export const EPC_SCORE_FLOORS: ReadonlyArray<readonly [EpcBand, number]> = [
  ['A', 92],
  ['B', 81],
  ['C', 69],
  ['D', 55],
  ['E', 39],
  ['F', 21],
  ['G', 1],
];
export const MINIMUM_BAND: EpcBand = 'E';

const isBand = (value: string): value is EpcBand => (EPC_BANDS as readonly string[]).includes(value);

export function bandOf(rating: string | null, score: number | null): EpcBand | null {
  if (score !== null && Number.isFinite(score) && score >= 1)
    return EPC_SCORE_FLOORS.find(([, floor]) => score >= floor)![0];
  const letter = rating?.trim().toUpperCase() ?? '';
  return isBand(letter) ? letter : null;
}

export const atLeast = (band: EpcBand, floor: EpcBand): boolean => EPC_BANDS.indexOf(band) <= EPC_BANDS.indexOf(floor);

export interface EpcView {
  rating: string | null;
  band: EpcBand | null;
  score: number | null;
  renewal: string | null;
  compliant: boolean | null;
}

export interface EpcInput {
  readonly rating: string | null;
  readonly score: number | null;
  /** Expiry of the EPC on file; null when none is held. */
  readonly expiry: string | null;
  /** The EPC compliance item's due date (expiry, or the recorded renewal date when no EPC is held). */
  readonly renewal: string | null;
}

export function epcView(input: EpcInput, today: string): EpcView {
  const band = input.expiry === null ? null : bandOf(input.rating, input.score);
  return {
    rating: input.expiry === null ? null : input.rating,
    band,
    score: input.expiry === null ? null : input.score,
    renewal: input.renewal,
    // Unknown without a rated certificate; otherwise in date and at the minimum band or better.
    compliant: band === null ? null : input.expiry! >= today && atLeast(band, MINIMUM_BAND),
  };
}
