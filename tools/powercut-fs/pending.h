/*
 * The writes of each file that no fsync has made durable yet, kept in memory by the backing
 * file's inode (so they follow a file through renames and hard links), in 4 KiB pages that hold
 * the page's whole content as the file's reader sees it, and the byte range of it still to be
 * written to the backing file.
 *
 * Not thread-safe: the file system calls every function under its one lock.
 */
#ifndef POWERCUT_PENDING_H
#define POWERCUT_PENDING_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct pending_file;

/** Counts of writes and the bytes they carried, and the files they were in. */
struct pending_totals {
	uint64_t files;
	uint64_t writes;
	uint64_t bytes;
};

/** The file of a backing inode, made when absent; one more handle holds it. */
struct pending_file *pending_open(dev_t dev, ino_t ino);

/** A handle of the file closed: forgets the file once nothing holds it or its data is unreachable. */
void pending_close(struct pending_file *file);

/** The file of a backing inode if it has a record (a handle or unsynced writes), else NULL. */
struct pending_file *pending_find(dev_t dev, ino_t ino);

/** Keeps a write in memory; `fd` reads the backing file to fill a page's other bytes. */
int pending_write(struct pending_file *file, int fd, const char *data, size_t size, off_t offset);

/** A write that went straight to the backing file: the kept pages it covers learn it too. */
void pending_written_through(struct pending_file *file, const char *data, size_t size,
			     off_t offset);

/** Reads as the file's users see it: the backing file overlaid with the kept writes. */
ssize_t pending_read(struct pending_file *file, int fd, char *buf, size_t size, off_t offset);

/** The file's size as its users see it: the backing size, or further if kept writes extend it. */
off_t pending_size(const struct pending_file *file, off_t backing_size);

/** The backing file was truncated to `size`: kept writes beyond it go, the cut page is zeroed. */
void pending_truncated(struct pending_file *file, off_t size);

/** A range of the backing file now reads as zeros (a punched hole): so does the kept data. */
void pending_zeroed(struct pending_file *file, off_t offset, off_t length);

/** Writes the kept writes to the backing file (an fsync); adds what it wrote to `synced`. */
int pending_sync(struct pending_file *file, struct pending_totals *synced);

/**
 * After an unlink or a rename over it: if no name and no handle reaches the file any more, its
 * kept writes can never be read nor synced, and are forgotten.
 */
void pending_forget_if_unreachable(struct pending_file *file);

/** What is kept now. */
void pending_count(struct pending_totals *kept);

/** The power cut: forgets every kept write; adds what it forgot to `dropped`. */
void pending_drop_all(struct pending_totals *dropped);

/** Writes every kept write to its backing file; adds what it wrote to `synced`. */
int pending_sync_all(struct pending_totals *synced);

#endif
