import { useQueryClient } from '@tanstack/react-query';
import { api, type TLiveEvent } from '@vitrina/contract';
import { useRef, useState } from 'react';
import { invalidateAreas, useEndpointMutation } from '../../../lib/endpoint-query';
import { useLiveEvents } from '../../../lib/live';

/**
 * Where the courier's service opening of a stop is: nothing asked yet, the command on its
 * way, the door open, the door closed again (back at the stop, with what the visit moved),
 * or the door did not open.
 */
export type DoorPhase = 'idle' | 'opening' | 'open' | 'closed' | 'failed';

/** The live events of one stop that change what the courier sees there. */
export function nextPhase(
  phase: DoorPhase,
  event: TLiveEvent,
  stop: { id: number; commandId: string | null },
): DoorPhase {
  if (event.topic === 'micromarket.command') {
    if (event.id !== stop.commandId) return phase;
    const status = event.data?.status;
    return status === 'failed' || status === 'expired' ? 'failed' : phase;
  }
  if (event.topic !== 'micromarket.state' || event.id !== stop.id) return phase;
  const door = event.data?.door;
  if (door === 'open') return 'open';
  // A coalesced event may carry only the last state: open and closed within one flush is a visit too.
  if (door === 'closed' && (phase === 'open' || phase === 'opening')) return 'closed';
  return phase;
}

/**
 * One tap opens the stop for service (the signed-in courier needs no public form); the live
 * stream tells when the door opens and closes. When it closes, the stop's summary and the
 * route are read again, so the stop shows what the visit put in and took out.
 */
export function useDoorOpening(stop: { id: number; door: 'open' | 'closed' | null | undefined }) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<DoorPhase>('idle');
  const current = useRef<DoorPhase>('idle');
  const commandId = useRef<string | null>(null);
  const refresh = () => invalidateAreas(queryClient, [api.courier.stop.tag]);
  const move = (next: DoorPhase) => {
    current.current = next;
    setPhase(next);
  };
  const open = useEndpointMutation(api.courier.openDoor, {
    isInvalidating: false,
    onSuccess: (answer) => {
      commandId.current = answer.command_id;
      move('opening');
    },
  });
  const follow = (event: TLiveEvent | null) => {
    if (!event) {
      void refresh();
      return;
    }
    const next = nextPhase(current.current, event, { id: stop.id, commandId: commandId.current });
    if (next !== current.current) {
      move(next);
      if (next === 'closed') void refresh();
      return;
    }
    // Tags placed by the reader after the door closed, or taken in the session: the counts move.
    const moved = event.data?.tags_placed !== undefined || event.data?.tags_taken !== undefined;
    if (event.topic === 'micromarket.state' && event.id === stop.id && moved) void refresh();
  };
  useLiveEvents('micromarket.state', follow);
  useLiveEvents('micromarket.command', follow);
  const shown: DoorPhase = phase === 'idle' && stop.door === 'open' ? 'open' : phase;
  return {
    phase: shown,
    isSending: open.isPending,
    openDoor: () => open.mutate({ params: { id: stop.id } }),
  };
}
