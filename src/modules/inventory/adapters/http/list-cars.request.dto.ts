import { PagingQuery } from '../../../../../libs/common/http/paging.query';

/** Query of the car lists (`GET /api/v1/inventory/used`): Take 1 to 500 (spec 4.3). */
export class ListCarsQuery extends PagingQuery(500) {}
