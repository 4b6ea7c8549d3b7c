// The lint rules of scripts/eslint-rules/feature-boundaries.mjs, run through the project's own
// ESLint configuration on code placed (by its file path) in a feature folder.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from './lib.mjs';

const eslint = new ESLint({ cwd: ROOT });

/** The boundary rules' findings for `code` as the file at `file` (relative to the repository). */
async function findings(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId?.startsWith('studium/')).map((m) => m.ruleId);
}

describe('server features', () => {
  const rule = 'studium/no-foreign-repository';

  it.each([
    ["import { findRoomById } from '../rooms/rooms.repository';", 'server/src/features/dms/dms.service.ts'],
    ["export { findRoomById } from '../rooms/rooms.repository';", 'server/src/features/dms/dms.service.ts'],
    ["import * as rooms from '../../rooms/rooms.repository';", 'server/src/features/assistants/engine/x.ts'],
    ["const rooms = await import('../rooms/rooms.repository');", 'server/src/features/dms/dms.service.ts'],
  ])("fail on another feature's repository: %s", async (code, file) => {
    expect(await findings(file, code)).toEqual([rule]);
  });

  it.each([
    ["import { findRoomById } from '../rooms/rooms.service';", 'server/src/features/dms/dms.service.ts'],
    ["import * as repo from './dms.repository';", 'server/src/features/dms/dms.service.ts'],
    ["import * as repo from '../assistants.repository';", 'server/src/features/assistants/engine/x.ts'],
    ["import { writer } from '../../db/writer';", 'server/src/features/dms/dms.service.ts'],
  ])('pass on a service, its own repository or a lower layer: %s', async (code, file) => {
    expect(await findings(file, code)).toEqual([]);
  });

  it('leave tests free to set up what they need', async () => {
    const code = "import { findRoomById } from '../rooms/rooms.repository';";
    expect(await findings('server/src/features/chat/chat.routes.test.ts', code)).toEqual([]);
  });
});

describe('web features', () => {
  const rule = 'studium/feature-public-surface';
  const file = 'web/src/features/chat/components/x.tsx';

  it.each([
    "import { usePresence } from '../../presence/hooks/use-presence';",
    "export { usePresence } from '../../presence/hooks/use-presence';",
    "import { OnlineDot } from '../../presence/components/online-dot.tsx';",
    "const dialog = import('../../moderation/components/report-dialog');",
  ])("fail on another feature's internals: %s", async (code) => {
    expect(await findings(file, code)).toEqual([rule]);
  });

  it.each([
    "import { usePresence } from '../../presence';",
    "import { usePresence } from '../../presence/index';",
    "import { usePresence } from '../../presence/index.ts';",
    "const dialog = import('../../moderation');",
    "import { useChatRoom } from '../hooks/use-chat-room';",
    "import { Button } from '../../../components/ui/button';",
    "import { cn } from '../../../lib/cn';",
  ])("pass on a feature's index, its own files or the shared folders: %s", async (code) => {
    expect(await findings(file, code)).toEqual([]);
  });
});
