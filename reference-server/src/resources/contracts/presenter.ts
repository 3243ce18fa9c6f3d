// Contract rows → the API shape (the field table's presenter; list items and detail are identical). Status is
// derived, never stored.
import type { Contract } from '../../persistence/models';
import { contractStatus } from './status';
import { contractFields, type ContractView } from './fields';

export type { ContractView } from './fields';

export const presentContract = (c: Contract, today: string): ContractView =>
  contractFields.present(c, { status: contractStatus(c, today) });
