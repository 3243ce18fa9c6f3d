import type { QueryBuilder } from 'objection';
import { LandlordScopedModel, type Scope } from './landlord-scoped-model';

/** The letters an EPC is rated in, best first (the score, when one is on file, gives the band: compliance/epc.ts). */
export const EPC_RATINGS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;

export class Certificate extends LandlordScopedModel {
  static override tableName = 'certificates';
  static override softDeletable = true;
  type!: 'GSC' | 'EICR' | 'EPC' | 'LANDLORD_LICENCE';
  property_id!: string;
  issued_date!: string;
  expiry_date!: string;
  /** A letter of EPC_RATINGS, on EPCs only. */
  epc_rating!: string | null;
  epc_score!: number | null;
  /** Kept by the database: a newer live certificate of the same type exists for the property. */
  superseded!: boolean;
  created_at!: Date;
  updated_at!: Date;
  deleted_at!: Date | null;

  /** The landlord's latest live certificate of each (property, type): the ones no newer certificate supersedes. */
  static latest(scope: Scope): QueryBuilder<Certificate, Certificate[]> {
    return Certificate.scoped(scope).whereRaw('not certificates.superseded');
  }
}
