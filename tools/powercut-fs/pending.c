#define _GNU_SOURCE
#include "pending.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PAGE_SIZE 4096
#define BUCKETS 4096

/** One page of a file: its content as readers see it, and the bytes [lo, hi) still to write. */
struct page {
	off_t index;
	uint32_t lo;
	uint32_t hi;
	unsigned char data[PAGE_SIZE];
};

struct pending_file {
	dev_t dev;
	ino_t ino;
	/** Open handles of the file. */
	unsigned opens;
	/**
	 * A writable descriptor of the backing file while pages are kept: it syncs them when no
	 * handle is open (a checkpoint), and it keeps the inode, so its number is never reused by
	 * another file while this record exists.
	 */
	int fd;
	/** Kept pages, sorted by index. */
	struct page **pages;
	size_t count;
	size_t capacity;
	/** The writes (and their bytes) the kept pages hold. */
	uint64_t writes;
	uint64_t bytes;
	struct pending_file *next;
};

static struct pending_file *buckets[BUCKETS];

static size_t bucket_of(dev_t dev, ino_t ino)
{
	return (size_t)((ino * 2654435761u) ^ dev) % BUCKETS;
}

struct pending_file *pending_find(dev_t dev, ino_t ino)
{
	for (struct pending_file *file = buckets[bucket_of(dev, ino)]; file; file = file->next)
		if (file->dev == dev && file->ino == ino)
			return file;
	return NULL;
}

struct pending_file *pending_open(dev_t dev, ino_t ino)
{
	struct pending_file *file = pending_find(dev, ino);
	if (!file) {
		file = calloc(1, sizeof(*file));
		if (!file)
			return NULL;
		file->dev = dev;
		file->ino = ino;
		file->fd = -1;
		size_t bucket = bucket_of(dev, ino);
		file->next = buckets[bucket];
		buckets[bucket] = file;
	}
	file->opens++;
	return file;
}

static void forget_pages(struct pending_file *file)
{
	for (size_t i = 0; i < file->count; i++)
		free(file->pages[i]);
	free(file->pages);
	file->pages = NULL;
	file->count = file->capacity = 0;
	file->writes = file->bytes = 0;
	if (file->fd >= 0)
		close(file->fd);
	file->fd = -1;
}

/** Frees the record once no handle is open and nothing is kept. */
static void release_if_unused(struct pending_file *file)
{
	if (file->opens > 0 || file->count > 0)
		return;
	if (file->fd >= 0)
		close(file->fd);
	struct pending_file **link = &buckets[bucket_of(file->dev, file->ino)];
	while (*link != file)
		link = &(*link)->next;
	*link = file->next;
	free(file);
}

static bool unlinked(const struct pending_file *file)
{
	struct stat st;
	return file->fd >= 0 && fstat(file->fd, &st) == 0 && st.st_nlink == 0;
}

void pending_forget_if_unreachable(struct pending_file *file)
{
	if (file->opens == 0 && unlinked(file))
		forget_pages(file);
	release_if_unused(file);
}

void pending_close(struct pending_file *file)
{
	file->opens--;
	pending_forget_if_unreachable(file);
}

/** The position of the first kept page whose index is at least `index`. */
static size_t first_page_from(const struct pending_file *file, off_t index)
{
	size_t low = 0, high = file->count;
	while (low < high) {
		size_t middle = low + (high - low) / 2;
		if (file->pages[middle]->index < index)
			low = middle + 1;
		else
			high = middle;
	}
	return low;
}

static void remove_page(struct pending_file *file, size_t position)
{
	free(file->pages[position]);
	memmove(&file->pages[position], &file->pages[position + 1],
		(file->count - position - 1) * sizeof(*file->pages));
	file->count--;
}

/** Reads up to `size` bytes at `offset`, retrying short reads; answers how many, or -errno. */
static ssize_t read_fully(int fd, unsigned char *buf, size_t size, off_t offset)
{
	size_t done = 0;
	while (done < size) {
		ssize_t got = pread(fd, buf + done, size - done, offset + (off_t)done);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -errno;
		if (got == 0)
			break;
		done += (size_t)got;
	}
	return (ssize_t)done;
}

static int write_fully(int fd, const unsigned char *data, size_t size, off_t offset)
{
	size_t done = 0;
	while (done < size) {
		ssize_t put = pwrite(fd, data + done, size - done, offset + (off_t)done);
		if (put < 0 && errno == EINTR)
			continue;
		if (put < 0)
			return -errno;
		done += (size_t)put;
	}
	return 0;
}

/** The kept page `index`, made from the backing file's bytes when absent; NULL on failure. */
static struct page *page_for(struct pending_file *file, int fd, off_t index, int *error)
{
	size_t position = first_page_from(file, index);
	if (position < file->count && file->pages[position]->index == index)
		return file->pages[position];
	struct page *page = malloc(sizeof(*page));
	if (!page) {
		*error = -ENOMEM;
		return NULL;
	}
	ssize_t got = read_fully(fd, page->data, PAGE_SIZE, index * PAGE_SIZE);
	if (got < 0) {
		free(page);
		*error = (int)got;
		return NULL;
	}
	memset(page->data + got, 0, PAGE_SIZE - (size_t)got);
	page->index = index;
	page->lo = PAGE_SIZE;
	page->hi = 0;
	if (file->count == file->capacity) {
		size_t capacity = file->capacity ? file->capacity * 2 : 16;
		struct page **pages = realloc(file->pages, capacity * sizeof(*pages));
		if (!pages) {
			free(page);
			*error = -ENOMEM;
			return NULL;
		}
		file->pages = pages;
		file->capacity = capacity;
	}
	memmove(&file->pages[position + 1], &file->pages[position],
		(file->count - position) * sizeof(*file->pages));
	file->pages[position] = page;
	file->count++;
	return page;
}

int pending_write(struct pending_file *file, int fd, const char *data, size_t size, off_t offset)
{
	if (size == 0)
		return 0;
	if (file->fd < 0) {
		file->fd = dup(fd);
		if (file->fd < 0)
			return -errno;
	}
	int error = 0;
	for (size_t done = 0; done < size;) {
		off_t position = offset + (off_t)done;
		struct page *page = page_for(file, file->fd, position / PAGE_SIZE, &error);
		if (!page) {
			if (file->count == 0)
				forget_pages(file);
			return error;
		}
		uint32_t start = (uint32_t)(position % PAGE_SIZE);
		size_t length = PAGE_SIZE - start < size - done ? PAGE_SIZE - start : size - done;
		memcpy(page->data + start, data + done, length);
		if (start < page->lo)
			page->lo = start;
		if (start + length > page->hi)
			page->hi = start + (uint32_t)length;
		done += length;
	}
	file->writes++;
	file->bytes += size;
	return 0;
}

/** Copies `data`, which belongs at `offset`, into the kept pages it overlaps. */
static void copy_into_pages(struct pending_file *file, const unsigned char *data, size_t size,
			    off_t offset)
{
	off_t end = offset + (off_t)size;
	for (size_t i = first_page_from(file, offset / PAGE_SIZE); i < file->count; i++) {
		struct page *page = file->pages[i];
		off_t page_start = page->index * PAGE_SIZE;
		if (page_start >= end)
			break;
		off_t from = offset > page_start ? offset : page_start;
		off_t to = end < page_start + PAGE_SIZE ? end : page_start + PAGE_SIZE;
		if (data)
			memcpy(page->data + (from - page_start), data + (from - offset),
			       (size_t)(to - from));
		else
			memset(page->data + (from - page_start), 0, (size_t)(to - from));
	}
}

void pending_written_through(struct pending_file *file, const char *data, size_t size,
			     off_t offset)
{
	copy_into_pages(file, (const unsigned char *)data, size, offset);
}

void pending_zeroed(struct pending_file *file, off_t offset, off_t length)
{
	copy_into_pages(file, NULL, (size_t)length, offset);
}

off_t pending_size(const struct pending_file *file, off_t backing_size)
{
	if (file->count == 0)
		return backing_size;
	const struct page *last = file->pages[file->count - 1];
	off_t end = last->index * PAGE_SIZE + last->hi;
	return end > backing_size ? end : backing_size;
}

ssize_t pending_read(struct pending_file *file, int fd, char *buf, size_t size, off_t offset)
{
	struct stat st;
	if (fstat(fd, &st) != 0)
		return -errno;
	off_t file_size = pending_size(file, st.st_size);
	if (offset >= file_size)
		return 0;
	size_t length = (off_t)size < file_size - offset ? size : (size_t)(file_size - offset);
	ssize_t got = read_fully(fd, (unsigned char *)buf, length, offset);
	if (got < 0)
		return got;
	memset(buf + got, 0, length - (size_t)got);
	off_t end = offset + (off_t)length;
	for (size_t i = first_page_from(file, offset / PAGE_SIZE); i < file->count; i++) {
		const struct page *page = file->pages[i];
		off_t page_start = page->index * PAGE_SIZE;
		if (page_start >= end)
			break;
		off_t from = offset > page_start ? offset : page_start;
		off_t to = end < page_start + PAGE_SIZE ? end : page_start + PAGE_SIZE;
		memcpy(buf + (from - offset), page->data + (from - page_start), (size_t)(to - from));
	}
	return (ssize_t)length;
}

void pending_truncated(struct pending_file *file, off_t size)
{
	off_t cut_index = size / PAGE_SIZE;
	uint32_t cut_at = (uint32_t)(size % PAGE_SIZE);
	size_t position = first_page_from(file, cut_index);
	if (position < file->count && file->pages[position]->index == cut_index && cut_at > 0) {
		struct page *page = file->pages[position];
		memset(page->data + cut_at, 0, PAGE_SIZE - cut_at);
		if (page->lo >= cut_at) {
			remove_page(file, position);
		} else {
			if (page->hi > cut_at)
				page->hi = cut_at;
			position++;
		}
	}
	while (file->count > position)
		remove_page(file, file->count - 1);
	if (file->count == 0)
		forget_pages(file);
	release_if_unused(file);
}

int pending_sync(struct pending_file *file, struct pending_totals *synced)
{
	if (file->count == 0)
		return 0;
	for (size_t i = 0; i < file->count; i++) {
		const struct page *page = file->pages[i];
		int error = write_fully(file->fd, page->data + page->lo, page->hi - page->lo,
					page->index * PAGE_SIZE + page->lo);
		if (error)
			return error;
	}
	synced->files++;
	synced->writes += file->writes;
	synced->bytes += file->bytes;
	forget_pages(file);
	release_if_unused(file);
	return 0;
}

/** Calls `visit` on every record; `visit` may free the record it is given. */
static int each_file(int (*visit)(struct pending_file *, struct pending_totals *),
		     struct pending_totals *totals)
{
	int first_error = 0;
	for (size_t bucket = 0; bucket < BUCKETS; bucket++) {
		for (struct pending_file *file = buckets[bucket], *next; file; file = next) {
			next = file->next;
			int error = visit(file, totals);
			if (error && !first_error)
				first_error = error;
		}
	}
	return first_error;
}

static int count_file(struct pending_file *file, struct pending_totals *kept)
{
	if (file->count > 0) {
		kept->files++;
		kept->writes += file->writes;
		kept->bytes += file->bytes;
	}
	return 0;
}

static int drop_file(struct pending_file *file, struct pending_totals *dropped)
{
	count_file(file, dropped);
	forget_pages(file);
	release_if_unused(file);
	return 0;
}

void pending_count(struct pending_totals *kept)
{
	each_file(count_file, kept);
}

void pending_drop_all(struct pending_totals *dropped)
{
	each_file(drop_file, dropped);
}

int pending_sync_all(struct pending_totals *synced)
{
	return each_file(pending_sync, synced);
}
