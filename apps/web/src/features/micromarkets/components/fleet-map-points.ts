import { TILE_CONDITION_KINDS, type TileConditionKind } from '@vitrina/contract';

/** Urgency as a number (0 most urgent), so a cluster keeps its worst fridge's colour with a `min`. */
export const RANK_OF: Record<TileConditionKind | 'ok', number> = {
  ...(Object.fromEntries(TILE_CONDITION_KINDS.map((kind, index) => [kind, index])) as Record<
    TileConditionKind,
    number
  >),
  ok: TILE_CONDITION_KINDS.length,
};

export const worstKind = (rank: number): TileConditionKind | 'ok' => TILE_CONDITION_KINDS[rank] ?? 'ok';

/** What a marker carries into the clustering: the fridge and its urgency. */
export type MarkerProperties = { id: number; rank: number };

/** A cluster starts from one fridge's urgency; supercluster's `reduce` keeps the smallest. */
export const clusterProperties = (props: MarkerProperties) => ({ rank: props.rank });
