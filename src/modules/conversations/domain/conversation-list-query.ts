import { FieldError } from '../../../../libs/common/errors/domain-error';

export type SortOrder = 'asc' | 'desc';

/** The listing parameters of spec 4.2, already parsed; channel and status not yet normalised. */
export interface ConversationListQuery {
  skip: number;
  take: number;
  channel?: string;
  status?: string;
  createdFrom?: Date;
  createdTo?: Date;
  modifiedFrom?: Date;
  modifiedTo?: Date;
  includeArchived: boolean;
  sortOrder: SortOrder;
}

/** Date ranges are inclusive; a From after its To is a client error (decisions.md 7). */
export function dateRangeProblems(query: ConversationListQuery): FieldError[] {
  const problems: FieldError[] = [];
  const check = (from: Date | undefined, to: Date | undefined, fromName: string, toName: string) => {
    if (from && to && from.getTime() > to.getTime()) problems.push({ field: fromName, errors: [`${fromName} must not be after ${toName}`] });
  };
  check(query.createdFrom, query.createdTo, 'CreatedDateFrom', 'CreatedDateTo');
  check(query.modifiedFrom, query.modifiedTo, 'ModifiedDateFrom', 'ModifiedDateTo');
  return problems;
}
