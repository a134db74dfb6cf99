import { PowercutMount, WriteCounts } from './powercut-mount';
import { freezeTrees, killAndWait } from './process-tree';

/**
 * What a machine losing power does to the programs whose data is in `mount`: every process of the
 * trees of `roots` is frozen at once (none is left with a write on its way), then all are killed,
 * then the mount drops every write they did not sync. Answers what it dropped.
 */
export async function cutPower(mount: PowercutMount, roots: number[]): Promise<WriteCounts> {
  const frozen = await freezeTrees(roots);
  await killAndWait(frozen);
  return mount.clearCache();
}
