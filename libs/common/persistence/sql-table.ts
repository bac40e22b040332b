import { DataSource, EntityManager, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/**
 * One table's statements written as SQL, with TypeORM's own conversion of each column's values
 * (dates are stored differently by each dialect): hot statements (an assistant run's, a page of
 * cars) cost less this way than through the query builder (docs/benchmarks.md, assistant).
 */
export class SqlTable<T extends ObjectLiteral> {
  readonly name: string;
  readonly columns: readonly ColumnMetadata[];
  /** Every column, as a SELECT list. */
  private readonly all: string;
  private readonly byProperty: Map<string, ColumnMetadata>;

  constructor(private readonly dataSource: DataSource, entity: new () => T) {
    const metadata = dataSource.getMetadata(entity);
    this.name = dataSource.driver.escape(metadata.tableName);
    this.columns = metadata.columns;
    this.byProperty = new Map(this.columns.map((c) => [c.propertyName, c]));
    this.all = this.columns.map((c) => this.q(c.databaseName)).join(', ');
  }

  q(identifier: string): string {
    return this.dataSource.driver.escape(identifier);
  }

  /** `column = ?` of a property, for SET and WHERE. */
  is(property: keyof T & string): string {
    return `${this.q(this.column(property).databaseName)} = ?`;
  }

  value(property: keyof T & string, value: unknown): unknown {
    return this.dataSource.driver.preparePersistentValue(value, this.column(property));
  }

  /** INSERT of whole rows (columns missing from a row are written as NULL, except generated ones). */
  insert(rows: readonly Partial<T>[]): [string, unknown[]] {
    const columns = this.columns.filter((c) => !c.isGenerated);
    const params = rows.flatMap((row) => columns.map((c) => this.dataSource.driver.preparePersistentValue(row[c.propertyName] ?? null, c)));
    const values = rows.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
    return [`INSERT INTO ${this.name} (${columns.map((c) => this.q(c.databaseName)).join(', ')}) VALUES ${values}`, params];
  }

  /** Every column of the rows `WHERE <where> <tail>` selects (`tail`: ORDER BY, LIMIT), as entities. */
  async select(manager: EntityManager, where: string, params: unknown[], tail = ''): Promise<T[]> {
    const rows = (await manager.query(`SELECT ${this.all} FROM ${this.name} WHERE ${where}${tail ? ` ${tail}` : ''}`, params)) as Record<string, unknown>[];
    return rows.map((row) => this.hydrate(row));
  }

  private hydrate(row: Record<string, unknown>): T {
    const entity: Record<string, unknown> = {};
    for (const c of this.columns) entity[c.propertyName] = this.dataSource.driver.prepareHydratedValue(row[c.databaseName], c);
    return entity as T;
  }

  private column(property: string): ColumnMetadata {
    const column = this.byProperty.get(property);
    if (!column) throw new Error(`no column for ${property} in ${this.name}`);
    return column;
  }
}
