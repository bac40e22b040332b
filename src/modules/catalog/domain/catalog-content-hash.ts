import { createHash } from 'node:crypto';
import { CatalogModel, CatalogTrim, ManufacturerCatalog } from './catalog';

/**
 * Content fingerprints that make an import idempotent: a row is written only when its fingerprint
 * differs from the stored one, so re-importing the same file changes nothing (not even timestamps).
 */
const sha256 = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** The model row's own fields (its trims are fingerprinted separately). */
function modelHash(m: CatalogModel): string {
  const { trims: _trims, ...own } = m;
  return sha256(own);
}

/** A trim, with the model row it belongs to and its position there (a move or a reorder is a change). */
function trimHash(t: CatalogTrim, modelId: string, position: number): string {
  return sha256({ ...t, modelId, position });
}

export interface FingerprintedCatalog extends ManufacturerCatalog {
  hash: string;
  modelHashes: string[];
  /** Per model, per trim. */
  trimHashes: string[][];
}

/** Everything the manufacturer's catalog holds: equal hashes mean nothing to write. */
export function fingerprint(c: ManufacturerCatalog): FingerprintedCatalog {
  const modelHashes = c.models.map(modelHash);
  const trimHashes = c.models.map((m) => m.trims.map((t, i) => trimHash(t, m.id, i)));
  return { ...c, modelHashes, trimHashes, hash: sha256({ name: c.manufacturer.name, modelHashes, trimHashes }) };
}
