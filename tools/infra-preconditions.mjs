// What must hold before `npm start` can start its own servers, each failing with one line that
// says what to do instead of a raw error from initdb, `id` or spawn.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';

const OR_YOUR_OWN_POSTGRES = 'or set DATABASE_URL to a PostgreSQL of your own';

/** An absolute path to `command` in one of the PATH folders, if it is there and executable. */
export function findOnPath(command, path = process.env.PATH ?? '') {
  for (const folder of path.split(delimiter).filter(Boolean)) {
    const candidate = join(folder, command);
    try {
      const stat = statSync(candidate);
      if (stat.isFile() && (stat.mode & 0o111) !== 0) return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/**
 * Where servers are installed but an ordinary user's PATH often does not look (Debian's has no
 * sbin folders).
 */
const SERVER_FOLDERS = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

/** nats-server from PATH or the sbin folders, or an error saying how to get one. */
export function natsServerBinary(
  natsUrl,
  path = process.env.PATH ?? '',
  serverFolders = SERVER_FOLDERS,
) {
  const binary = findOnPath('nats-server', [path, ...serverFolders].join(delimiter));
  if (binary) return binary;
  throw new Error(
    `NATS is not reachable at ${natsUrl} and nats-server is not on PATH: install it (apt-get install nats-server, brew install nats-server, or a release binary from github.com/nats-io/nats-server) or set NATS_URL.`,
  );
}

/** The uid and gid of a user, or undefined when there is no such user. */
export function userIds(name) {
  try {
    const id = (flag) =>
      Number(execFileSync('id', [flag, name], { stdio: ['ignore', 'pipe', 'ignore'] }).toString());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/**
 * As root, PostgreSQL refuses to run, so the embedded one runs as the `postgres` user: who it
 * runs as (undefined when not root), or an error saying what to do.
 */
export function postgresServerUser({ isRoot, lookUp = userIds }) {
  if (!isRoot) return undefined;
  const ids = lookUp('postgres');
  if (ids) return ids;
  throw new Error(
    `Running as root, the embedded PostgreSQL must run as the user "postgres", and there is none: create it (useradd --system --user-group postgres), run npm start as an ordinary user, ${OR_YOUR_OWN_POSTGRES}.`,
  );
}

/**
 * The first folder on the way to `path` that a process of `user` cannot enter: spawned with a uid
 * and gid, it has no supplementary groups, so only the owner, group and other bits count.
 */
export function firstFolderClosedTo(path, user, stat = statSync) {
  const folders = [];
  for (let folder = resolve(path); ; folder = dirname(folder)) {
    folders.unshift(folder);
    if (dirname(folder) === folder) break;
  }
  for (const folder of folders) {
    let info;
    try {
      info = stat(folder);
    } catch {
      return undefined; // the rest is created by us, for the user
    }
    const searchBit =
      info.uid === user.uid ? 0o100 : info.gid === user.gid ? 0o010 : /* other */ 0o001;
    if ((info.mode & searchBit) === 0) return folder;
  }
  return undefined;
}

/**
 * As root, the postgres user must reach the PostgreSQL binaries (in node_modules, so in the
 * checkout) and the data folder; an error naming the folder in the way and what to do.
 */
export function assertPostgresUserReaches({ binaries, dataDir, user, stat = statSync }) {
  const closedOnBinaries = firstFolderClosedTo(binaries, user, stat);
  if (closedOnBinaries) {
    throw new Error(
      `Running as root, the embedded PostgreSQL runs as the user "postgres", who cannot enter ${closedOnBinaries} and so cannot run its binaries in ${binaries}: put the checkout where that user can read it (for example under /opt or /srv, not under /root), run npm start as an ordinary user, ${OR_YOUR_OWN_POSTGRES}.`,
    );
  }
  const closedOnData = firstFolderClosedTo(dataDir, user, stat);
  if (closedOnData) {
    throw new Error(
      `Running as root, the embedded PostgreSQL runs as the user "postgres", who cannot enter ${closedOnData} and so cannot reach its data in ${dataDir}: set CLARION_DATA_DIR to a folder that user can reach (for example /var/lib/clarion), ${OR_YOUR_OWN_POSTGRES}.`,
    );
  }
}
