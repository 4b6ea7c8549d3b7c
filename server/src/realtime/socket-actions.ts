import type { z } from 'zod';
import type { ErrorFrame, RoomServerFrame } from '@studium/protocol';
import type { AppContext, CurrentUser } from '../context';

/** What an action sees of the socket that sent the frame. */
export interface SocketCaller {
  user: CurrentUser;
  roomId: number;
  /** A frame to this socket only (e.g. the echo of a retried send). */
  reply: (frame: RoomServerFrame | ErrorFrame) => void;
}

interface SocketAction {
  schema: z.ZodType;
  run: (ctx: AppContext, caller: SocketCaller, frame: unknown) => Promise<void>;
}

/**
 * The client actions of `/ws/room/{room}/`. Each feature registers its own (no central switch);
 * the socket layer only parses the frame with the action's schema and calls it.
 */
export class SocketActions {
  private readonly actions = new Map<string, SocketAction>();

  register<S extends z.ZodType>(
    action: string,
    schema: S,
    run: (ctx: AppContext, caller: SocketCaller, frame: z.infer<S>) => Promise<void>,
  ) {
    if (this.actions.has(action)) throw new Error(`socket action registered twice: ${action}`);
    this.actions.set(action, { schema, run: run as SocketAction['run'] });
  }

  get(action: string): SocketAction | undefined {
    return this.actions.get(action);
  }
}
