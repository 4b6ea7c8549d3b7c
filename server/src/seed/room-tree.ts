import roomTree from './room-tree.json';

/** A room of the demo tree (room-tree.json). */
export interface RoomNode {
  name: string;
  slug: string;
  topic?: string;
  description?: string;
  members_only?: boolean;
  children?: RoomNode[];
}

export const ROOM_TREE: RoomNode[] = (roomTree as { rooms: RoomNode[] }).rooms;

/** One room of the demo tree, flattened: its dotted path and its names from the root. */
export interface SeedRoom {
  name: string;
  slug: string;
  /** "science.mathematics.math-110", as stored. */
  path: string;
  /** "Faculty of Science › Mathematics › MATH-110 Linear Algebra" */
  namePath: string;
  topic: string;
  description: string;
  membersOnly: boolean;
}

/** Every room of the demo tree, parents before children. */
export function seedRoomList(): SeedRoom[] {
  const out: SeedRoom[] = [];
  const visit = (nodes: RoomNode[], parent: SeedRoom | null) => {
    for (const node of nodes) {
      const room: SeedRoom = {
        name: node.name,
        slug: node.slug,
        path: parent ? `${parent.path}.${node.slug}` : node.slug,
        namePath: parent ? `${parent.namePath} › ${node.name}` : node.name,
        topic: node.topic ?? '',
        description: node.description ?? '',
        membersOnly: node.members_only === true,
      };
      out.push(room);
      if (node.children) visit(node.children, room);
    }
  };
  visit(ROOM_TREE, null);
  return out;
}
