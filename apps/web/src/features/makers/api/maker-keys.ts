import type { MakersQuery } from './list-makers';

export const makerKeys = {
  all: ['makers'] as const,
  lists: () => [...makerKeys.all, 'list'] as const,
  list: (query: MakersQuery) => [...makerKeys.lists(), query] as const,
};
