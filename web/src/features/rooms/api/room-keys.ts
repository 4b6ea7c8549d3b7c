/** react-query keys of the rooms feature. */
export const roomKeys = {
  all: ['rooms'] as const,
  tree: () => [...roomKeys.all, 'tree'] as const,
  detail: (room: string | number) => [...roomKeys.all, 'detail', String(room)] as const,
};
