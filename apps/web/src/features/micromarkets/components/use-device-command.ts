import { api, type TDeviceCommand, type TSendDeviceCommand } from '@vitrina/contract';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { getMessage } from '../../../lib/notify';

export type CommandOutcome = { type: TSendDeviceCommand['type']; message: string; isRefused: boolean; id?: string };

/**
 * Sends a device command and keeps the server's own words (§8: "the door will be opened
 * shortly", 409 "already opened…"), so the tab can show them beside the buttons.
 * Errors are toasted by the API client as well.
 */
export function useDeviceCommand(micromarketId: number) {
  const [outcome, setOutcome] = useState<CommandOutcome | null>(null);
  const send = useEndpointMutation(api.deviceCommand.send);
  const run = (command: TSendDeviceCommand, onSent?: (command: TDeviceCommand) => void) =>
    send.mutate(
      { params: { id: micromarketId }, body: command },
      {
        onSuccess: (answer) => {
          getMessage().success(answer.message);
          setOutcome({ type: command.type, message: answer.message, isRefused: false, id: answer.command.id });
          onSent?.(answer.command);
        },
        onError: (error) =>
          setOutcome({
            type: command.type,
            message: isApiError(error) ? error.message : String(error),
            isRefused: true,
          }),
      },
    );
  return { run, outcome, isPending: send.isPending, pendingType: send.variables?.body.type };
}
