/*
 * powercut-fs: a FUSE file system over a backing folder that keeps every write not yet made
 * durable by fsync in its own memory, and forgets it on command: a power cut for the programs
 * whose data lives in it (see README.md). Metadata operations reach the backing folder at once.
 *
 *   powercut-fs <backing folder> <mountpoint> -f -o allow_other,default_permissions,auto_unmount
 *
 * Commands are written to the control file <mountpoint>/.powercut (root only): `clear-cache`
 * (the power cut), `checkpoint` (sync everything); reading it answers counts as one JSON line.
 */
#define FUSE_USE_VERSION 31
#define _GNU_SOURCE

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fuse.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "pending.h"

#define CONTROL_PATH "/.powercut"
#define CONTROL_NAME ".powercut"

enum handle_kind { FILE_HANDLE, DIRECTORY_HANDLE, CONTROL_HANDLE };

struct handle {
	enum handle_kind kind;
	/** The backing file (FILE_HANDLE). */
	int fd;
	/** The flags it was opened with, as the program asked. */
	int flags;
	struct pending_file *file;
	/** DIRECTORY_HANDLE: the backing folder; is_root hides the control file in it. */
	DIR *directory;
	bool is_root;
	/** CONTROL_HANDLE: the counts as they were when it was opened or last commanded. */
	char text[1024];
};

/** The backing folder; every path is resolved below it. */
static int backing_fd = -1;
/** One lock for the kept writes and the backing I/O that must agree with them. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static struct {
	uint64_t cuts;
	uint64_t fsyncs;
	struct pending_totals synced;
	struct pending_totals dropped;
	struct pending_totals last_cut;
} counts;

/** A path of the mount as a path below the backing folder. */
static const char *relative(const char *path)
{
	return path[1] ? path + 1 : ".";
}

static bool is_control(const char *path)
{
	return path && strcmp(path, CONTROL_PATH) == 0;
}

static struct handle *handle_of(const struct fuse_file_info *fi)
{
	return fi ? (struct handle *)(uintptr_t)fi->fh : NULL;
}

/** The backing descriptor of an open file or folder (its path may be gone: nullpath_ok). */
static int fd_of(const struct handle *handle)
{
	return handle->kind == FILE_HANDLE ? handle->fd : dirfd(handle->directory);
}

/** New files and folders belong to the program that made them, not to this root process. */
static int give_to_caller(const char *path)
{
	const struct fuse_context *caller = fuse_get_context();
	if (fchownat(backing_fd, relative(path), caller->uid, caller->gid, AT_SYMLINK_NOFOLLOW))
		return -errno;
	return 0;
}

static mode_t masked(mode_t mode)
{
	return mode & ~fuse_get_context()->umask;
}

static void *fs_init(struct fuse_conn_info *conn, struct fuse_config *cfg)
{
	// Every read, write and stat comes here: the kernel keeps no data or attributes that a
	// power cut would have to take back.
	cfg->direct_io = 1;
	cfg->kernel_cache = 0;
	cfg->auto_cache = 0;
	cfg->attr_timeout = 0;
	cfg->entry_timeout = 0;
	cfg->negative_timeout = 0;
	cfg->use_ino = 1;
	cfg->readdir_ino = 1;
	// An unlinked open file is gone from its folder at once (no .fuse_hidden files), and
	// operations on open files need no path.
	cfg->hard_remove = 1;
	cfg->nullpath_ok = 1;
	conn->want &= ~FUSE_CAP_WRITEBACK_CACHE;
	return NULL;
}

static int control_stat(struct stat *st)
{
	memset(st, 0, sizeof(*st));
	st->st_mode = S_IFREG | 0600;
	st->st_nlink = 1;
	return 0;
}

static int fs_getattr(const char *path, struct stat *st, struct fuse_file_info *fi)
{
	struct handle *handle = handle_of(fi);
	if (handle ? handle->kind == CONTROL_HANDLE : is_control(path))
		return control_stat(st);
	int failed = handle ? fstat(fd_of(handle), st)
			    : fstatat(backing_fd, relative(path), st, AT_SYMLINK_NOFOLLOW);
	if (failed)
		return -errno;
	if (S_ISREG(st->st_mode)) {
		pthread_mutex_lock(&lock);
		struct pending_file *file = handle && handle->kind == FILE_HANDLE
						    ? handle->file
						    : pending_find(st->st_dev, st->st_ino);
		if (file)
			st->st_size = pending_size(file, st->st_size);
		pthread_mutex_unlock(&lock);
	}
	return 0;
}

static int fs_access(const char *path, int mask)
{
	(void)mask;
	struct stat st;
	if (is_control(path))
		return fuse_get_context()->uid == 0 ? 0 : -EACCES;
	return fstatat(backing_fd, relative(path), &st, AT_SYMLINK_NOFOLLOW) ? -errno : 0;
}

static int fs_readlink(const char *path, char *buf, size_t size)
{
	ssize_t length = readlinkat(backing_fd, relative(path), buf, size - 1);
	if (length < 0)
		return -errno;
	buf[length] = '\0';
	return 0;
}

static int fs_mknod(const char *path, mode_t mode, dev_t rdev)
{
	if (is_control(path))
		return -EEXIST;
	int failed = S_ISFIFO(mode) ? mkfifoat(backing_fd, relative(path), masked(mode))
				    : mknodat(backing_fd, relative(path), masked(mode), rdev);
	return failed ? -errno : give_to_caller(path);
}

static int fs_mkdir(const char *path, mode_t mode)
{
	if (is_control(path))
		return -EEXIST;
	return mkdirat(backing_fd, relative(path), masked(mode)) ? -errno : give_to_caller(path);
}

static int fs_symlink(const char *target, const char *path)
{
	if (is_control(path))
		return -EEXIST;
	return symlinkat(target, backing_fd, relative(path)) ? -errno : give_to_caller(path);
}

static int fs_link(const char *from, const char *to)
{
	if (is_control(from) || is_control(to))
		return -EPERM;
	return linkat(backing_fd, relative(from), backing_fd, relative(to), 0) ? -errno : 0;
}

/** After `victim` lost a name: its kept writes go if nothing can reach it any more. */
static void lost_a_name(const struct stat *victim)
{
	if (!S_ISREG(victim->st_mode))
		return;
	pthread_mutex_lock(&lock);
	struct pending_file *file = pending_find(victim->st_dev, victim->st_ino);
	if (file)
		pending_forget_if_unreachable(file);
	pthread_mutex_unlock(&lock);
}

static int fs_unlink(const char *path)
{
	if (is_control(path))
		return -EPERM;
	struct stat victim;
	if (fstatat(backing_fd, relative(path), &victim, AT_SYMLINK_NOFOLLOW))
		return -errno;
	if (unlinkat(backing_fd, relative(path), 0))
		return -errno;
	lost_a_name(&victim);
	return 0;
}

static int fs_rmdir(const char *path)
{
	return unlinkat(backing_fd, relative(path), AT_REMOVEDIR) ? -errno : 0;
}

static int fs_rename(const char *from, const char *to, unsigned int flags)
{
	if (is_control(from) || is_control(to))
		return -EPERM;
	struct stat source, victim;
	if (fstatat(backing_fd, relative(from), &source, AT_SYMLINK_NOFOLLOW))
		return -errno;
	bool replaces = !(flags & RENAME_EXCHANGE) &&
			fstatat(backing_fd, relative(to), &victim, AT_SYMLINK_NOFOLLOW) == 0 &&
			victim.st_ino != source.st_ino;
	if (renameat2(backing_fd, relative(from), backing_fd, relative(to), flags))
		return -errno;
	if (replaces)
		lost_a_name(&victim);
	return 0;
}

static int fs_chmod(const char *path, mode_t mode, struct fuse_file_info *fi)
{
	struct handle *handle = handle_of(fi);
	if (handle ? handle->kind == CONTROL_HANDLE : is_control(path))
		return -EPERM;
	int failed = handle ? fchmod(fd_of(handle), mode)
			    : fchmodat(backing_fd, relative(path), mode, 0);
	return failed ? -errno : 0;
}

static int fs_chown(const char *path, uid_t uid, gid_t gid, struct fuse_file_info *fi)
{
	struct handle *handle = handle_of(fi);
	if (handle ? handle->kind == CONTROL_HANDLE : is_control(path))
		return -EPERM;
	int failed = handle ? fchown(fd_of(handle), uid, gid)
			    : fchownat(backing_fd, relative(path), uid, gid, AT_SYMLINK_NOFOLLOW);
	return failed ? -errno : 0;
}

static int fs_utimens(const char *path, const struct timespec tv[2], struct fuse_file_info *fi)
{
	struct handle *handle = handle_of(fi);
	if (handle ? handle->kind == CONTROL_HANDLE : is_control(path))
		return 0;
	int failed = handle ? futimens(fd_of(handle), tv)
			    : utimensat(backing_fd, relative(path), tv, AT_SYMLINK_NOFOLLOW);
	return failed ? -errno : 0;
}

/** A truncate is metadata: the backing file is cut at once, and the kept writes with it. */
static int fs_truncate(const char *path, off_t size, struct fuse_file_info *fi)
{
	struct handle *handle = handle_of(fi);
	if (handle ? handle->kind == CONTROL_HANDLE : is_control(path))
		return 0;
	int fd = handle ? handle->fd : openat(backing_fd, relative(path), O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	int result = 0;
	struct stat st;
	pthread_mutex_lock(&lock);
	if (ftruncate(fd, size) || fstat(fd, &st)) {
		result = -errno;
	} else {
		struct pending_file *file =
			handle ? handle->file : pending_find(st.st_dev, st.st_ino);
		if (file)
			pending_truncated(file, size);
	}
	pthread_mutex_unlock(&lock);
	if (!handle)
		close(fd);
	return result;
}

/**
 * The flags for the backing file: writable handles are opened read-write (a partly written
 * page is filled from the file), and appends, sync flags and direct I/O are this file system's
 * to honour, not the backing file's.
 */
static int backing_flags(int flags)
{
	int kept = flags & ~(O_CREAT | O_EXCL | O_NOCTTY | O_APPEND | O_SYNC | O_DSYNC | O_DIRECT);
	if ((flags & O_ACCMODE) != O_RDONLY)
		kept = (kept & ~O_ACCMODE) | O_RDWR;
	return kept | O_CLOEXEC;
}

static int status_text(char *text, size_t size);

static int open_control(struct fuse_file_info *fi)
{
	if (fuse_get_context()->uid != 0)
		return -EACCES;
	struct handle *handle = calloc(1, sizeof(*handle));
	if (!handle)
		return -ENOMEM;
	handle->kind = CONTROL_HANDLE;
	status_text(handle->text, sizeof(handle->text));
	fi->fh = (uintptr_t)handle;
	fi->direct_io = 1;
	return 0;
}

/** Wraps an opened backing file in a handle, under the lock (the caller holds it). */
static int open_handle(int fd, struct fuse_file_info *fi)
{
	struct stat st;
	if (fstat(fd, &st)) {
		int error = errno;
		close(fd);
		return -error;
	}
	struct handle *handle = calloc(1, sizeof(*handle));
	struct pending_file *file = handle ? pending_open(st.st_dev, st.st_ino) : NULL;
	if (!file) {
		free(handle);
		close(fd);
		return -ENOMEM;
	}
	if (fi->flags & O_TRUNC)
		pending_truncated(file, 0);
	handle->kind = FILE_HANDLE;
	handle->fd = fd;
	handle->flags = fi->flags;
	handle->file = file;
	fi->fh = (uintptr_t)handle;
	fi->direct_io = 1;
	return 0;
}

static int fs_open(const char *path, struct fuse_file_info *fi)
{
	if (is_control(path))
		return open_control(fi);
	pthread_mutex_lock(&lock);
	int fd = openat(backing_fd, relative(path), backing_flags(fi->flags));
	int result = fd < 0 ? -errno : open_handle(fd, fi);
	pthread_mutex_unlock(&lock);
	return result;
}

static int fs_create(const char *path, mode_t mode, struct fuse_file_info *fi)
{
	if (is_control(path))
		return open_control(fi);
	const struct fuse_context *caller = fuse_get_context();
	int flags = backing_flags(fi->flags);
	pthread_mutex_lock(&lock);
	int fd = openat(backing_fd, relative(path), flags | O_CREAT | O_EXCL, masked(mode));
	bool created = fd >= 0;
	if (fd < 0 && errno == EEXIST && !(fi->flags & O_EXCL))
		fd = openat(backing_fd, relative(path), flags);
	int result = fd < 0 ? -errno : 0;
	if (created && fchown(fd, caller->uid, caller->gid))
		result = -errno;
	if (result == 0)
		result = open_handle(fd, fi);
	else if (fd >= 0)
		close(fd);
	pthread_mutex_unlock(&lock);
	return result;
}

static int read_control(struct handle *handle, char *buf, size_t size, off_t offset)
{
	size_t length = strlen(handle->text);
	if ((size_t)offset >= length)
		return 0;
	size_t count = length - (size_t)offset < size ? length - (size_t)offset : size;
	memcpy(buf, handle->text + offset, count);
	return (int)count;
}

static int fs_read(const char *path, char *buf, size_t size, off_t offset,
		   struct fuse_file_info *fi)
{
	(void)path;
	struct handle *handle = handle_of(fi);
	if (handle->kind == CONTROL_HANDLE)
		return read_control(handle, buf, size, offset);
	pthread_mutex_lock(&lock);
	ssize_t result = pending_read(handle->file, handle->fd, buf, size, offset);
	pthread_mutex_unlock(&lock);
	return (int)result;
}

static int write_through(int fd, const char *data, size_t size, off_t offset)
{
	for (size_t done = 0; done < size;) {
		ssize_t put = pwrite(fd, data + done, size - done, offset + (off_t)done);
		if (put < 0 && errno != EINTR)
			return -errno;
		if (put > 0)
			done += (size_t)put;
	}
	return 0;
}

static int run_commands(struct handle *handle, const char *data, size_t size);

static int fs_write(const char *path, const char *data, size_t size, off_t offset,
		    struct fuse_file_info *fi)
{
	(void)path;
	struct handle *handle = handle_of(fi);
	if (handle->kind == CONTROL_HANDLE)
		return run_commands(handle, data, size);
	int result = 0;
	struct stat st;
	pthread_mutex_lock(&lock);
	// Without the kernel's writeback cache, appending is the file system's job.
	if ((handle->flags & O_APPEND) && fstat(handle->fd, &st) == 0)
		offset = pending_size(handle->file, st.st_size);
	if (handle->flags & O_DSYNC) {
		// O_SYNC and O_DSYNC writes are durable when they return.
		result = write_through(handle->fd, data, size, offset);
		if (result == 0)
			pending_written_through(handle->file, data, size, offset);
	} else {
		result = pending_write(handle->file, handle->fd, data, size, offset);
	}
	pthread_mutex_unlock(&lock);
	return result ? result : (int)size;
}

static int fs_statfs(const char *path, struct statvfs *st)
{
	(void)path;
	return fstatvfs(backing_fd, st) ? -errno : 0;
}

/** A close: it makes nothing durable. */
static int fs_flush(const char *path, struct fuse_file_info *fi)
{
	(void)path;
	(void)fi;
	return 0;
}

static int fs_release(const char *path, struct fuse_file_info *fi)
{
	(void)path;
	struct handle *handle = handle_of(fi);
	if (handle->kind == FILE_HANDLE) {
		pthread_mutex_lock(&lock);
		pending_close(handle->file);
		pthread_mutex_unlock(&lock);
		close(handle->fd);
	}
	free(handle);
	return 0;
}

/** fsync and fdatasync: the file's kept writes reach the backing file, which outlives a cut. */
static int fs_fsync(const char *path, int datasync, struct fuse_file_info *fi)
{
	(void)path;
	(void)datasync;
	struct handle *handle = handle_of(fi);
	if (handle->kind != FILE_HANDLE)
		return 0;
	pthread_mutex_lock(&lock);
	counts.fsyncs++;
	int result = pending_sync(handle->file, &counts.synced);
	pthread_mutex_unlock(&lock);
	return result;
}

static int fs_fallocate(const char *path, int mode, off_t offset, off_t length,
			struct fuse_file_info *fi)
{
	(void)path;
	struct handle *handle = handle_of(fi);
	if (!handle || handle->kind != FILE_HANDLE)
		return -EOPNOTSUPP;
	// Moving data around (collapse, insert) would need the kept pages moved with it.
	if (mode & ~(FALLOC_FL_KEEP_SIZE | FALLOC_FL_PUNCH_HOLE | FALLOC_FL_ZERO_RANGE))
		return -EOPNOTSUPP;
	int result = 0;
	pthread_mutex_lock(&lock);
	if (fallocate(handle->fd, mode, offset, length))
		result = -errno;
	else if (mode & (FALLOC_FL_PUNCH_HOLE | FALLOC_FL_ZERO_RANGE))
		pending_zeroed(handle->file, offset, length);
	pthread_mutex_unlock(&lock);
	return result;
}

static int fs_opendir(const char *path, struct fuse_file_info *fi)
{
	int fd = openat(backing_fd, relative(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	struct handle *handle = calloc(1, sizeof(*handle));
	DIR *directory = handle ? fdopendir(fd) : NULL;
	if (!directory) {
		int error = handle ? errno : ENOMEM;
		free(handle);
		close(fd);
		return -error;
	}
	handle->kind = DIRECTORY_HANDLE;
	handle->directory = directory;
	handle->is_root = strcmp(path, "/") == 0;
	fi->fh = (uintptr_t)handle;
	return 0;
}

static int fs_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t offset,
		      struct fuse_file_info *fi, enum fuse_readdir_flags flags)
{
	(void)path;
	(void)offset;
	(void)flags;
	struct handle *handle = handle_of(fi);
	rewinddir(handle->directory);
	for (struct dirent *entry; (errno = 0, entry = readdir(handle->directory));) {
		if (handle->is_root && strcmp(entry->d_name, CONTROL_NAME) == 0)
			continue;
		struct stat st = { .st_ino = entry->d_ino, .st_mode = (mode_t)DTTOIF(entry->d_type) };
		if (fill(buf, entry->d_name, &st, 0, 0))
			return 0;
	}
	return errno ? -errno : 0;
}

static int fs_releasedir(const char *path, struct fuse_file_info *fi)
{
	(void)path;
	struct handle *handle = handle_of(fi);
	closedir(handle->directory);
	free(handle);
	return 0;
}

/** Names are durable the moment they change (metadata reaches the backing folder at once). */
static int fs_fsyncdir(const char *path, int datasync, struct fuse_file_info *fi)
{
	(void)path;
	(void)datasync;
	(void)fi;
	return 0;
}

static int totals_json(char *text, size_t size, const char *name,
		       const struct pending_totals *totals)
{
	return snprintf(text, size, "\"%s\":{\"files\":%" PRIu64 ",\"writes\":%" PRIu64
			",\"bytes\":%" PRIu64 "}",
			name, totals->files, totals->writes, totals->bytes);
}

/** The counts as one JSON line; the caller holds no lock. */
static int status_text(char *text, size_t size)
{
	struct pending_totals kept = { 0 };
	char pending[160], synced[160], dropped[160], last_cut[160];
	pthread_mutex_lock(&lock);
	pending_count(&kept);
	totals_json(pending, sizeof(pending), "pending", &kept);
	totals_json(synced, sizeof(synced), "synced", &counts.synced);
	totals_json(dropped, sizeof(dropped), "dropped", &counts.dropped);
	totals_json(last_cut, sizeof(last_cut), "lastCut", &counts.last_cut);
	uint64_t cuts = counts.cuts, fsyncs = counts.fsyncs;
	pthread_mutex_unlock(&lock);
	return snprintf(text, size, "{%s,%s,%s,%s,\"cuts\":%" PRIu64 ",\"fsyncs\":%" PRIu64 "}\n",
			pending, synced, dropped, last_cut, cuts, fsyncs);
}

static void add_totals(struct pending_totals *sum, const struct pending_totals *more)
{
	sum->files += more->files;
	sum->writes += more->writes;
	sum->bytes += more->bytes;
}

static int run_command(const char *command)
{
	int result = 0;
	struct pending_totals totals = { 0 };
	pthread_mutex_lock(&lock);
	if (strcmp(command, "clear-cache") == 0) {
		pending_drop_all(&totals);
		counts.cuts++;
		counts.last_cut = totals;
		add_totals(&counts.dropped, &totals);
	} else if (strcmp(command, "checkpoint") == 0 || strcmp(command, "sync") == 0) {
		result = pending_sync_all(&totals);
		add_totals(&counts.synced, &totals);
	} else {
		result = -EINVAL;
	}
	pthread_mutex_unlock(&lock);
	if (result == -EINVAL)
		fprintf(stderr, "powercut-fs: unknown command \"%s\"\n", command);
	else
		fprintf(stderr,
			"powercut-fs: %s: %" PRIu64 " writes (%" PRIu64 " bytes) in %" PRIu64
			" files%s\n",
			command, totals.writes, totals.bytes, totals.files,
			strcmp(command, "clear-cache") == 0 ? " dropped" : " synced");
	return result;
}

/** The commands of one write to the control file, one per line; answers once all have run. */
static int run_commands(struct handle *handle, const char *data, size_t size)
{
	char text[256];
	if (size >= sizeof(text))
		return -EINVAL;
	memcpy(text, data, size);
	text[size] = '\0';
	char *rest = text;
	for (char *command; (command = strsep(&rest, " \t\r\n"));) {
		if (!*command)
			continue;
		int result = run_command(command);
		if (result)
			return result;
	}
	status_text(handle->text, sizeof(handle->text));
	return (int)size;
}

static const struct fuse_operations operations = {
	.init = fs_init,
	.getattr = fs_getattr,
	.access = fs_access,
	.readlink = fs_readlink,
	.mknod = fs_mknod,
	.mkdir = fs_mkdir,
	.symlink = fs_symlink,
	.link = fs_link,
	.unlink = fs_unlink,
	.rmdir = fs_rmdir,
	.rename = fs_rename,
	.chmod = fs_chmod,
	.chown = fs_chown,
	.utimens = fs_utimens,
	.truncate = fs_truncate,
	.open = fs_open,
	.create = fs_create,
	.read = fs_read,
	.write = fs_write,
	.statfs = fs_statfs,
	.flush = fs_flush,
	.release = fs_release,
	.fsync = fs_fsync,
	.fallocate = fs_fallocate,
	.opendir = fs_opendir,
	.readdir = fs_readdir,
	.releasedir = fs_releasedir,
	.fsyncdir = fs_fsyncdir,
};

int main(int argc, char *argv[])
{
	if (argc < 3) {
		fprintf(stderr, "usage: %s <backing folder> <mountpoint> [FUSE options]\n", argv[0]);
		return 2;
	}
	backing_fd = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (backing_fd < 0) {
		fprintf(stderr, "powercut-fs: cannot open %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	// Modes reach the backing folder as the programs asked (the kernel or fs_* applied their
	// umask); files and folders are given to their makers.
	umask(0);
	// Run in the foreground (-f), it unmounts when the process that started it ends.
	pid_t parent = getppid();
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != parent)
		return 1;
	char **fuse_argv = calloc((size_t)argc + 2, sizeof(*fuse_argv));
	if (!fuse_argv)
		return 1;
	int fuse_argc = 0;
	fuse_argv[fuse_argc++] = argv[0];
	for (int i = 2; i < argc; i++)
		fuse_argv[fuse_argc++] = argv[i];
	fuse_argv[fuse_argc++] = "-ofsname=powercut-fs,subtype=powercut-fs";
	return fuse_main(fuse_argc, fuse_argv, &operations, NULL);
}
