/*
 * test.c: tests of readers/c/pathtable.h beyond its driver (which
 * readers/c/test.sh and examples/c/check.sh hold to the Go CLI's answers).
 *
 *	test [-damage] TABLE...
 *	test -box RUNS [FLAT]
 *
 * For each table it checks the API against itself, on all pairs of a table
 * of up to 150 nodes and 20,000 sampled pairs otherwise: node lookups both
 * ways, next against the path's second node, dist against the path's cost,
 * buffers too short, ids out of range, pairs not covered. With -damage it
 * also opens every truncation of the file and (for files up to 64 KiB) the
 * file with each single bit flipped, each of which must be refused with a
 * one-line message; then hostile documents built here (lengths and counts
 * that lie, huge declared sizes, deep nesting). Every open is made from a
 * buffer of exactly the file's bytes (so AddressSanitizer sees a read past
 * them) and through a counting allocator, which must never hold more than
 * a fixed multiple of the file's size. Run it under
 * -fsanitize=address,undefined (readers/c/test.sh does).
 *
 * -box tests the open-box rule of the b encodings on a run-length table
 * RUNS (see box below); FLAT, the same level's flat table, gives the
 * distances.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t live, peak, limit_hits;
static size_t test_limit = (size_t)-1;

/* A counting allocator: a size header before each block. */
static void *test_malloc(size_t n)
{
	size_t *p;
	if (n > test_limit || live + n > test_limit) {
		limit_hits++;
		return NULL;
	}
	if (!(p = (size_t *)malloc(n + sizeof(size_t) * 2)))
		return NULL;
	p[0] = n;
	live += n;
	if (live > peak)
		peak = live;
	return p + 2;
}

static void test_free(void *q)
{
	size_t *p;
	if (!q)
		return;
	p = (size_t *)q - 2;
	live -= p[0];
	free(p);
}

#define PATHTABLE_MALLOC(n) test_malloc(n)
#define PATHTABLE_FREE(p) test_free(p)
#define PATHTABLE_IMPLEMENTATION
#include "pathtable.h"

#include <math.h>

static int failures;

#define CHECK(cond, ...)                                              \
	do {                                                          \
		if (!(cond)) {                                        \
			failures++;                                   \
			fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
			fprintf(stderr, __VA_ARGS__);                 \
			fputc('\n', stderr);                          \
		}                                                     \
	} while (0)

static uint8_t *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	uint8_t *d;
	long n;
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	d = (uint8_t *)malloc(n > 0 ? (size_t)n : 1);
	if (!d || fread(d, 1, (size_t)n, f) != (size_t)n) {
		fclose(f);
		free(d);
		return NULL;
	}
	fclose(f);
	*size = (size_t)n;
	return d;
}

/* one_line reports whether an error message is one non-empty line. */
static int one_line(const pt_error *e) { return e->message[0] && !strchr(e->message, '\n') && strlen(e->message) < sizeof e->message; }

/* pick_pair gives the i-th pair to check: every pair of a table of at
 * most 150 nodes in order, else a pseudo-random one (xorshift on *seed). */
static void pick_pair(long long i, int32_t n, uint64_t *seed, int32_t *s, int32_t *d)
{
	if (n <= 150) {
		*s = (int32_t)(i / n), *d = (int32_t)(i % n);
		return;
	}
	*seed ^= *seed << 13, *seed ^= *seed >> 7, *seed ^= *seed << 17;
	*s = (int32_t)(*seed % (uint64_t)n), *d = (int32_t)((*seed >> 32) % (uint64_t)n);
}

/* open_exact opens a copy of data[0..size) in a buffer of exactly size
 * bytes, through the counting allocator, and checks that what it
 * allocated is bounded by the file's size. */
static pt_table *open_exact(const uint8_t *data, size_t size, pt_error *e, uint8_t **copy)
{
	pt_table *t;
	*copy = (uint8_t *)malloc(size ? size : 1);
	memcpy(*copy, data, size);
	peak = live;
	t = pt_open_memory(*copy, size, e);
	/* The indexes (hops, ranks, a cell index, the graph) are a fixed
	 * multiple of what the file holds; 64 KiB covers the fixed part. */
	CHECK(peak - 0 <= 160 * size + (64 << 10), "opening %lu bytes allocated %lu", (unsigned long)size, (unsigned long)peak);
	return t;
}

/* api checks the API of table t against itself. */
static void api(const char *path, pt_table *t)
{
	const pt_info *in = pt_info_of(t);
	int32_t n = pt_len(t), s, d, u, x, y, *buf, *buf2, max = pt_path_max(t), k, k2;
	long long pairs = 0, found = 0, none = 0, uncovered = 0, i;
	char name[300];
	size_t len;
	pt_error e;
	uint64_t seed = 88172645463325252ull;
	CHECK(n == in->nodes && n >= 0, "%s: pt_len %d, nodes %d", path, n, in->nodes);
	CHECK(max >= 1 || n == 0, "%s: pt_path_max %d", path, max);
	buf = (int32_t *)malloc(sizeof *buf * (size_t)(max + 1));
	buf2 = (int32_t *)malloc(sizeof *buf2 * (size_t)(max + 1));
	/* Node lookups both ways. */
	for (u = 0; u < n; u++) {
		len = pt_name(t, u, name, sizeof name);
		CHECK(len > 0 && len < sizeof name, "%s: pt_name(%d) = %lu", path, u, (unsigned long)len);
		CHECK(pt_node(t, name, len, &e) == u, "%s: pt_node(pt_name(%d) = %s) = %d: %s", path, u, name, pt_node(t, name, len, &e), e.message);
		if (in->kind == PT_GRID) {
			CHECK(pt_xy(t, u, &x, &y) && pt_node_at(t, x, y) == u, "%s: pt_node_at(pt_xy(%d))", path, u);
			CHECK(pt_name_ref(t, u, &len) == NULL, "%s: pt_name_ref on a grid", path);
		} else {
			const char *ref = pt_name_ref(t, u, &len);
			CHECK(ref && pt_node_named(t, ref, len) == u, "%s: pt_node_named(pt_name_ref(%d))", path, u);
			CHECK(!pt_xy(t, u, &x, &y), "%s: pt_xy on a graph", path);
		}
	}
	/* Ids out of range, and ids that name no node. */
	{
		int32_t bad[4] = {-1, n, INT32_MAX, INT32_MIN};
		double c = 0;
		int j;
		for (j = 0; j < 4; j++) {
			int32_t v = bad[j], w = n > 0 ? 0 : -1;
			CHECK(pt_next(t, v, w) == PT_NONE && pt_next(t, w, v) == PT_NONE, "%s: pt_next out of range", path);
			CHECK(pt_path(t, v, w, buf, max, &c) == 0 && isinf(c), "%s: pt_path out of range", path);
			CHECK(pt_path(t, w, v, buf, max, NULL) == 0, "%s: pt_path out of range", path);
			CHECK(pt_dist(t, v, w, &c) == 0 && isinf(c), "%s: pt_dist out of range", path);
			CHECK(!pt_covered(t, v, w) && !pt_covered(t, w, v), "%s: pt_covered out of range", path);
			CHECK(pt_name(t, v, name, sizeof name) == 0 && !pt_xy(t, v, &x, &y) && !pt_name_ref(t, v, &len), "%s: names out of range", path);
		}
		CHECK(pt_node_at(t, -1, 0) == PT_NONE && pt_node_at(t, 0, -1) == PT_NONE, "%s: pt_node_at(-1)", path);
		CHECK(pt_node_at(t, in->width, 0) == PT_NONE && pt_node_at(t, 0, in->height) == PT_NONE, "%s: pt_node_at past the grid", path);
		CHECK(pt_node_at(t, INT64_MAX, INT64_MIN) == PT_NONE, "%s: pt_node_at(huge)", path);
		if (in->kind == PT_GRID) {
			static const char *ids[] = {"x", "1,", ",1", "-1,0", "0,-1", "99999999999999999999,0", "1,2,3", "", "0x1,0", "+,1"};
			for (j = 0; j < (int)(sizeof ids / sizeof *ids); j++) {
				CHECK(pt_node(t, ids[j], strlen(ids[j]), &e) == PT_NONE && e.code == PT_ERR_NODE && one_line(&e),
				      "%s: pt_node(%s) accepted", path, ids[j]);
			}
			CHECK(pt_node(t, " 0 , 0 ", 7, &e) == pt_node_at(t, 0, 0), "%s: pt_node with spaces", path);
		} else {
			CHECK(pt_node(t, "no such node", 12, &e) == PT_NONE && e.code == PT_ERR_NODE && one_line(&e), "%s: unknown name", path);
			CHECK(pt_node_named(t, "", 0) == PT_NONE || n > 0, "%s: empty name", path);
		}
	}
	/* Pairs: all of a small table, a sample of a large one. */
	for (i = 0; n > 0 && i < (n <= 150 ? (long long)n * n : 20000); i++) {
		double cost = 0, dist = 0, c2 = 0;
		int32_t next;
		pick_pair(i, n, &seed, &s, &d);
		pairs++;
		k = pt_path(t, s, d, buf, max, &cost);
		next = pt_next(t, s, d);
		CHECK(k >= 0 && k <= max, "%s: %d -> %d: %d nodes, at most %d", path, s, d, k, max);
		if (!pt_covered(t, s, d)) {
			uncovered++;
			CHECK(in->layout == PT_WINDOW, "%s: %d -> %d not covered in a table of all pairs", path, s, d);
			CHECK(k == 0 && next == PT_NONE && !pt_dist(t, s, d, &dist) && isinf(dist), "%s: %d -> %d answered, not covered", path, s, d);
			continue;
		}
		if (k == 0) {
			none++;
			CHECK(s != d, "%s: %d -> itself has no path", path, s);
			CHECK(next == PT_NONE, "%s: %d -> %d: no path, next %d", path, s, d, next);
			CHECK(!pt_dist(t, s, d, &dist) && isinf(dist) && isinf(cost), "%s: %d -> %d: no path, dist %g", path, s, d, dist);
			continue;
		}
		found++;
		CHECK(buf[0] == s && buf[k - 1] == d, "%s: %d -> %d: path from %d to %d", path, s, d, buf[0], buf[k - 1]);
		CHECK((k == 1) == (s == d), "%s: %d -> %d: %d nodes", path, s, d, k);
		CHECK(next == (k > 1 ? buf[1] : PT_NONE), "%s: %d -> %d: next %d, path's second %d", path, s, d, next, k > 1 ? buf[1] : -1);
		CHECK(pt_dist(t, s, d, &dist) && memcmp(&dist, &cost, sizeof dist) == 0, "%s: %d -> %d: dist %.17g, path cost %.17g", path, s,
		      d, dist, cost);
		CHECK(cost >= 0 && !isinf(cost) && (s != d || cost == 0), "%s: %d -> %d: cost %.17g", path, s, d, cost);
		/* Each step is the next step of the rest of the path. */
		if (k > 2)
			CHECK(pt_next(t, buf[1], d) == buf[2], "%s: %d -> %d: next from the path's second node", path, s, d);
		/* A short buffer: the needed length, and the nodes that fit. */
		memset(buf2, 0xAB, sizeof *buf2 * (size_t)(max + 1));
		k2 = pt_path(t, s, d, buf2, k - 1, &c2);
		CHECK(k2 == k && memcmp(buf, buf2, sizeof *buf * (size_t)(k - 1)) == 0 && buf2[k - 1] == (int32_t)0xABABABAB &&
			      memcmp(&c2, &cost, sizeof c2) == 0,
		      "%s: %d -> %d: a buffer of %d for %d nodes gave %d", path, s, d, k - 1, k, k2);
		CHECK(pt_path(t, s, d, NULL, 0, NULL) == k, "%s: %d -> %d: no buffer", path, s, d);
	}
	printf("%s: %d nodes, %lld pairs: %lld paths, %lld without, %lld not covered\n", path, n, pairs, found, none, uncovered);
	free(buf);
	free(buf2);
}

/* damage opens every truncation of the file and every single bit flip of
 * it (files up to 64 KiB), each of which must be refused. */
static void damage(const char *path, const uint8_t *data, size_t size)
{
	size_t cut, at;
	int bit;
	long refused = 0;
	pt_error e;
	uint8_t *copy, *flip;
	pt_table *t;
	for (cut = 0; cut < size; cut++) {
		t = open_exact(data, cut, &e, &copy);
		CHECK(!t, "%s: opened, cut to %lu of %lu bytes", path, (unsigned long)cut, (unsigned long)size);
		CHECK(t || (one_line(&e) && e.code > PT_OK && e.code < PT_ERR_NOMEM), "%s: cut to %lu: error %d %s", path,
		      (unsigned long)cut, e.code, e.message);
		refused += !t;
		pt_close(t);
		free(copy);
		CHECK(live == 0, "%s: %lu bytes left allocated", path, (unsigned long)live);
	}
	if (size <= (64 << 10)) {
		flip = (uint8_t *)malloc(size);
		for (at = 0; at < size; at++)
			for (bit = 0; bit < 8; bit++) {
				memcpy(flip, data, size);
				flip[at] ^= (uint8_t)(1u << bit);
				t = open_exact(flip, size, &e, &copy);
				CHECK(!t, "%s: opened with bit %d of byte %lu flipped", path, bit, (unsigned long)at);
				CHECK(t || (one_line(&e) && e.code > PT_OK && e.code < PT_ERR_NOMEM), "%s: flip: error %d %s", path, e.code,
				      e.message);
				refused += !t;
				pt_close(t);
				free(copy);
			}
		free(flip);
	}
	printf("%s: %ld damaged copies refused\n", path, refused);
}

/* ---- hostile documents ---------------------------------------------- */

typedef struct {
	uint8_t b[4096];
	size_t n;
} doc;

static void put(doc *d, const void *p, size_t n)
{
	memcpy(d->b + d->n, p, n);
	d->n += n;
}
static void put1(doc *d, unsigned v) { d->b[d->n++] = (uint8_t)v; }
static void putbe(doc *d, uint64_t v, int w)
{
	while (w--)
		put1(d, (unsigned)(v >> (8 * w)));
}
static void putstr(doc *d, const char *s)
{
	size_t n = strlen(s);
	put1(d, 0xa0 | (unsigned)n);
	put(d, s, n);
}
static void putuint(doc *d, uint64_t v)
{
	if (v < 128)
		put1(d, (unsigned)v);
	else
		put1(d, 0xcf), putbe(d, v, 8);
}

/* hostile_header writes a grid header: its map (fields kv pairs, values
 * integers or strings) as a bin. */
static void header_bin(doc *d, const char *const *keys, const char *const *strs, const uint64_t *nums, int n)
{
	doc h;
	int i;
	h.n = 0;
	put1(&h, 0x80 | (unsigned)n);
	for (i = 0; i < n; i++) {
		putstr(&h, keys[i]);
		if (strs[i])
			putstr(&h, strs[i]);
		else
			putuint(&h, nums[i]);
	}
	put1(d, 0xc5), putbe(d, h.n, 2);
	put(d, h.b, h.n);
}

static void refuse(const char *what, const uint8_t *b, size_t n)
{
	pt_error e;
	uint8_t *copy;
	pt_table *t = open_exact(b, n, &e, &copy);
	CHECK(!t, "hostile %s: opened", what);
	CHECK(t || one_line(&e), "hostile %s: message %s", what, e.message);
	if (!t)
		printf("hostile %s: %s\n", what, e.message);
	pt_close(t);
	free(copy);
}

static void hostile(void)
{
	static const char *keys[] = {"kind", "nodes", "edges", "width", "height", "metric", "dist_kind", "first_enc", "connect", "diagonal",
				     "layout", "runs", "row_bytes"};
	const char *strs[13] = {"grid", NULL, NULL, NULL, NULL, "octile", "octile16", "u8", NULL, "sqrt2", "", NULL, NULL};
	uint64_t nums[13] = {0, 6, 14, 3, 3, 0, 0, 0, 8, 0, 0, 0, 0};
	doc d;
	int i;
	/* An array of 4 billion elements, in 5 bytes. */
	d.n = 0, put1(&d, 0xdd), putbe(&d, 0xFFFFFFFFu, 4);
	refuse("array32 of 2^32-1", d.b, d.n);
	/* A magic, then a version, then a header of 4 GiB. */
	d.n = 0, put1(&d, 0xdd), putbe(&d, 0xFFFFFFFFu, 4), putstr(&d, "PATHTABL"), put1(&d, 1), put1(&d, 0xc6), putbe(&d, 0xFFFFFFFFu, 4);
	refuse("header bin of 4 GiB", d.b, d.n);
	/* A part file. */
	d.n = 0, put1(&d, 0x9c), putstr(&d, "PATHPART"), put1(&d, 1);
	refuse("part magic", d.b, d.n);
	/* A version as a negative integer, and versions 0 and 4. */
	d.n = 0, put1(&d, 0x9c), putstr(&d, "PATHTABL"), put1(&d, 0xff);
	refuse("version -1", d.b, d.n);
	d.n = 0, put1(&d, 0x98), putstr(&d, "PATHTABL"), put1(&d, 4);
	refuse("version 4", d.b, d.n);
	/* A header map that declares 2^32-1 entries. */
	d.n = 0, put1(&d, 0x98), putstr(&d, "PATHTABL"), put1(&d, 3), put1(&d, 0xc4), put1(&d, 5), put1(&d, 0xdf), putbe(&d, 0xFFFFFFFFu, 4);
	refuse("header map32 of 2^32-1", d.b, d.n);
	/* names that declare 2^32-1 elements. */
	d.n = 0, put1(&d, 0x9c), putstr(&d, "PATHTABL"), put1(&d, 1), put1(&d, 0xc4), put1(&d, 12), put1(&d, 0x81), putstr(&d, "names"),
	put1(&d, 0xdd), putbe(&d, 0xFFFFFFFFu, 4);
	refuse("names array32 of 2^32-1", d.b, d.n);
	/* An unknown key whose value nests 40 arrays deep. */
	d.n = 0, put1(&d, 0x98), putstr(&d, "PATHTABL"), put1(&d, 3), put1(&d, 0xc4), put1(&d, 44), put1(&d, 0x81), putstr(&d, "x");
	for (i = 0; i < 40; i++)
		put1(&d, 0x91);
	put1(&d, 0xc0);
	refuse("header nested 40 deep", d.b, d.n);
	/* Unknown key of code 0xc1. */
	d.n = 0, put1(&d, 0x98), putstr(&d, "PATHTABL"), put1(&d, 3), put1(&d, 0xc4), put1(&d, 4), put1(&d, 0x81), putstr(&d, "x");
	d.b[d.n - 2] = 0xa1, d.b[d.n - 1] = 'x', put1(&d, 0xc1);
	d.b[d.n - 6 + 0] = 0xc4;
	refuse("header with code 0xc1", d.b, d.n);
	/* Grid headers whose bins would be huge, in a file of a few hundred
	 * bytes: refused at the bin lengths, before anything is allocated. */
	nums[1] = 46340, nums[2] = 0;
	d.n = 0, put1(&d, 0x98), putstr(&d, "PATHTABL"), put1(&d, 3), header_bin(&d, keys, strs, nums, 11);
	refuse("flat v3 of 46340 nodes, 3x3", d.b, d.n);
	nums[3] = 4096, nums[4] = 4096, nums[1] = 1;
	d.n = 0, put1(&d, 0x98), putstr(&d, "PATHTABL"), put1(&d, 3), header_bin(&d, keys, strs, nums, 11);
	put1(&d, 0xc6), putbe(&d, 4096 * 4096 / 8, 4);
	refuse("v3 4096x4096 grid, open bits missing", d.b, d.n);
	nums[1] = 46341;
	d.n = 0, put1(&d, 0x98), putstr(&d, "PATHTABL"), put1(&d, 3), header_bin(&d, keys, strs, nums, 11);
	refuse("flat of 46341 nodes", d.b, d.n);
	strs[7] = "runs16x4h", strs[10] = "runs", nums[1] = 1 << 24, nums[11] = 0xFFFFFFFFull / 4, nums[12] = 4;
	d.n = 0, put1(&d, 0x99), putstr(&d, "PATHTABL"), put1(&d, 3), header_bin(&d, keys, strs, nums, 13);
	refuse("runs of 2^24 nodes with 16-bit starts", d.b, d.n);
	strs[7] = "runs32x4h";
	d.n = 0, put1(&d, 0x99), putstr(&d, "PATHTABL"), put1(&d, 3), header_bin(&d, keys, strs, nums, 13);
	refuse("runs of 2^24 nodes and 2^30 runs", d.b, d.n);
	nums[12] = 0xFFFFFFFFFFFFFFFFull;
	d.n = 0, put1(&d, 0x99), putstr(&d, "PATHTABL"), put1(&d, 3), header_bin(&d, keys, strs, nums, 13);
	refuse("row_bytes 2^64-1", d.b, d.n);
	/* A b table of a 4096x4096 grid (a summed-area table of 64 MiB) in a
	 * few hundred bytes: refused at the open bin, before it is built. */
	strs[7] = "runs32x8hwb", nums[1] = 1, nums[2] = 0, nums[11] = 1, nums[12] = 1;
	d.n = 0, put1(&d, 0x99), putstr(&d, "PATHTABL"), put1(&d, 3), header_bin(&d, keys, strs, nums, 13);
	put1(&d, 0xc6), putbe(&d, 4096 * 4096 / 8, 4);
	refuse("b table of a 4096x4096 grid, open bits missing", d.b, d.n);
}

/* ---- open boxes (the b encodings) ------------------------------------ */

/* A table split into its bins (bin[0] the header), to write back changed. */
typedef struct {
	uint64_t version;
	int nbins;
	const uint8_t *p[12];
	size_t n[12];
} parts;

static int split(const uint8_t *d, size_t size, parts *ps)
{
	pt__rd r;
	uint64_t count, len;
	int i;
	r.p = d, r.end = d + size, r.code = 0;
	if (pt__array_len(&r, &count) != PT__OK || count < 4 || count > 15 || pt__str_len(&r, &len) != PT__OK || len > pt__left(&r))
		return 0;
	r.p += len;
	if (pt__uint(&r, &ps->version) != PT__OK || ps->version > 127)
		return 0;
	ps->nbins = (int)count - 3;
	for (i = 0; i < ps->nbins; i++) {
		if (pt__bin_len(&r, &len) != PT__OK || len > pt__left(&r))
			return 0;
		ps->p[i] = r.p, ps->n[i] = (size_t)len, r.p += len;
	}
	return 1;
}

/* frame writes ps back as a table (bin32 heads, the checksum recomputed)
 * into a buffer the caller frees. */
static uint8_t *frame(const parts *ps, size_t *size)
{
	static pt__crc crc;
	size_t total = 1 + 9 + 1 + 5, at = 0;
	uint8_t *o;
	int i, k;
	for (i = 0; i < ps->nbins; i++)
		total += 5 + ps->n[i];
	o = (uint8_t *)malloc(total);
	o[at++] = (uint8_t)(0x90 | (ps->nbins + 3));
	o[at++] = 0xa8, memcpy(o + at, "PATHTABL", 8), at += 8;
	o[at++] = (uint8_t)ps->version;
	pt__crc_init(&crc);
	for (i = 0; i < ps->nbins; i++) {
		o[at++] = 0xc6;
		for (k = 3; k >= 0; k--)
			o[at++] = (uint8_t)(ps->n[i] >> (8 * k));
		if (ps->n[i])
			memcpy(o + at, ps->p[i], ps->n[i]);
		at += ps->n[i];
		pt__crc_add(&crc, ps->p[i], ps->n[i]);
	}
	o[at++] = 0xce;
	for (k = 3; k >= 0; k--)
		o[at++] = (uint8_t)(~crc.crc >> (8 * k));
	*size = at;
	return o;
}

/* with_enc returns the table data with its header's first_enc (a fixstr,
 * as pathtable writes it) set to enc; NULL when it has none. */
static uint8_t *with_enc(const uint8_t *data, size_t size, const char *enc, size_t *out)
{
	static const char key[] = "\xa9" "first_enc";
	parts ps;
	uint8_t *h, *o;
	const uint8_t *at = NULL;
	size_t i, old, k = strlen(key), e = strlen(enc);
	if (!split(data, size, &ps))
		return NULL;
	for (i = 0; i + k < ps.n[0] && !at; i++)
		if (memcmp(ps.p[0] + i, key, k) == 0)
			at = ps.p[0] + i + k;
	if (!at || (*at & 0xe0) != 0xa0)
		return NULL;
	old = *at & 0x1f;
	h = (uint8_t *)malloc(ps.n[0] + e + 1);
	memcpy(h, ps.p[0], (size_t)(at - ps.p[0]));
	i = (size_t)(at - ps.p[0]);
	h[i++] = (uint8_t)(0xa0 | e);
	memcpy(h + i, enc, e), i += e;
	memcpy(h + i, at + 1 + old, ps.n[0] - (size_t)(at - ps.p[0]) - 1 - old);
	i += ps.n[0] - (size_t)(at - ps.p[0]) - 1 - old;
	ps.p[0] = h, ps.n[0] = i;
	o = frame(&ps, out);
	free(h);
	return o;
}

/* widen returns the version 3 run-length table data (16-bit starts, 4-bit
 * moves) with 32-bit starts (and 8-bit moves when bytes), first_enc
 * enc: the same answers in another encoding. */
static uint8_t *widen(const uint8_t *data, size_t size, int64_t nodes, int64_t runs, int bytes, const char *enc, size_t *out)
{
	parts ps;
	uint8_t *named, *order, *rb, *o;
	size_t named_size, i;
	if (!(named = with_enc(data, size, enc, &named_size)))
		return NULL;
	if (!split(named, named_size, &ps) || ps.nbins != 6 || ps.n[3] != 2 * (size_t)nodes) {
		free(named);
		return NULL;
	}
	order = (uint8_t *)malloc(4 * (size_t)nodes + 1);
	rb = (uint8_t *)malloc(4 * (size_t)runs + (bytes ? (size_t)runs : ((size_t)runs + 1) / 2) + 1);
	for (i = 0; i < (size_t)nodes; i++)
		order[4 * i] = ps.p[3][2 * i], order[4 * i + 1] = ps.p[3][2 * i + 1], order[4 * i + 2] = order[4 * i + 3] = 0;
	for (i = 0; i < (size_t)runs; i++) {
		const uint8_t *moves = ps.p[5] + 2 * (size_t)runs;
		unsigned m = moves[i / 2] >> (4 * (i % 2)) & 0xF;
		rb[4 * i] = ps.p[5][2 * i], rb[4 * i + 1] = ps.p[5][2 * i + 1], rb[4 * i + 2] = rb[4 * i + 3] = 0;
		if (bytes)
			rb[4 * (size_t)runs + i] = (uint8_t)(m == 0xF ? 0xFF : m);
		else if (i % 2 == 0)
			rb[4 * (size_t)runs + i / 2] = (uint8_t)m;
		else
			rb[4 * (size_t)runs + i / 2] |= (uint8_t)(m << 4);
	}
	ps.p[3] = order, ps.n[3] = 4 * (size_t)nodes;
	ps.p[5] = rb, ps.n[5] = 4 * (size_t)runs + (bytes ? (size_t)runs : ((size_t)runs + 1) / 2);
	o = frame(&ps, out);
	free(order);
	free(rb);
	free(named);
	return o;
}

static const int bdx[8] = {0, 1, 1, 1, 0, -1, -1, -1}, bdy[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

/* box_open: every cell of the two nodes' bounding box is a node, cell by cell. */
static int box_open(const pt_table *t, int32_t s, int32_t d)
{
	int32_t sx, sy, dx, dy, x, y;
	pt_xy(t, s, &sx, &sy), pt_xy(t, d, &dx, &dy);
	for (y = sy < dy ? sy : dy; y <= (sy < dy ? dy : sy); y++)
		for (x = sx < dx ? sx : dx; x <= (sx < dx ? dx : sx); x++)
			if (pt_node_at(t, x, y) == PT_NONE)
				return 0;
	return 1;
}

/* h1 is the move docs/FORMAT.md's ranking rule ranks first from s toward
 * d, from the cells alone: s's neighbours in direction order (no corner
 * cutting), the lowest octile key to d's cell, ties by the lower slot. */
static int32_t h1(const pt_table *t, int32_t s, int32_t d)
{
	int32_t sx, sy, tx, ty, best = PT_NONE;
	long long best_key = -1;
	int dir;
	pt_xy(t, s, &sx, &sy), pt_xy(t, d, &tx, &ty);
	for (dir = 0; dir < 8; dir++) {
		int32_t vx = sx + bdx[dir], vy = sy + bdy[dir], v = pt_node_at(t, vx, vy);
		long long a, b, key;
		if (v == PT_NONE || (bdx[dir] && bdy[dir] && (pt_info_of(t)->connect == 4 || pt_node_at(t, vx, sy) == PT_NONE ||
							    pt_node_at(t, sx, vy) == PT_NONE)))
			continue;
		a = llabs((long long)tx - vx), b = llabs((long long)ty - vy);
		key = a > b ? 985 * a + 408 * b : 985 * b + 408 * a;
		if (best == PT_NONE || key < best_key)
			best = v, best_key = key;
	}
	return best;
}

/* box_answers holds b table bt to the rule on all pairs (up to 150 nodes)
 * or 5,000 sampled ones: an open box answers H_1; any other pair answers
 * as base (the same rows without b; NULL: none) does; every distance is
 * flat's (NULL: none), bit for bit, as every step stays a shortest path's.
 * It returns the pairs whose box is open. */
static long box_answers(const char *what, const pt_table *bt, const pt_table *base, const pt_table *flat)
{
	int32_t n = pt_len(bt), s, d;
	long long i, pairs = n <= 150 ? (long long)n * n : 5000;
	long open = 0, closed = 0;
	uint64_t seed = 88172645463325252ull;
	for (i = 0; i < pairs; i++) {
		double got, want;
		int32_t next;
		pick_pair(i, n, &seed, &s, &d);
		if (s == d)
			continue;
		next = pt_next(bt, s, d);
		if (box_open(bt, s, d)) {
			open++;
			CHECK(next == h1(bt, s, d), "%s: %d -> %d: an open box, next %d, H_1 %d", what, s, d, next, h1(bt, s, d));
		} else if (base) {
			closed++;
			CHECK(next == pt_next(base, s, d), "%s: %d -> %d: a box with a wall, next %d, without b %d", what, s, d, next,
			      pt_next(base, s, d));
		}
		if (flat) {
			int ok = pt_dist(bt, s, d, &got), fok = pt_dist(flat, s, d, &want);
			CHECK(ok == fok && memcmp(&got, &want, sizeof got) == 0, "%s: %d -> %d: distance %.17g, flat %.17g", what, s, d, got, want);
		}
	}
	printf("%s: %ld pairs in open boxes, %ld checked against the rows without b\n", what, open, closed);
	return open;
}

/* open_named opens data as a table and reports its fault as a CHECK. */
static pt_table *open_named(const char *what, const uint8_t *data, size_t size, uint8_t **copy)
{
	pt_error e;
	pt_table *t = open_exact(data, size, &e, copy);
	CHECK(t != NULL, "%s: refused: %s", what, e.message);
	return t;
}

/* refuse_enc checks that data with first_enc enc is refused as corrupt,
 * with a message naming enc and holding want (NULL: anything). */
static void refuse_enc(const char *path, const uint8_t *data, size_t size, const char *enc, const char *want)
{
	size_t n;
	uint8_t *b = with_enc(data, size, enc, &n), *copy;
	pt_error e;
	pt_table *t;
	if (!b) {
		CHECK(0, "%s: no first_enc to set", path);
		return;
	}
	t = open_exact(b, n, &e, &copy);
	CHECK(!t, "%s as %s: opened", path, enc);
	CHECK(t || (e.code == PT_ERR_CORRUPT && one_line(&e) && strstr(e.message, enc) && (!want || strstr(e.message, want))),
	      "%s as %s: error %d %s", path, enc, e.code, e.message);
	if (!t)
		printf("%s as %s: %s\n", path, enc, e.message);
	pt_close(t);
	free(copy);
	free(b);
}

/* box runs the open-box tests on a run-length table RUNS (and FLAT, the
 * same level's flat table, when given): a b table (RUNS itself, or RUNS
 * with b added to its encoding where a b encoding is allowed) answers by
 * the rule, in every start and move width; a b encoding where none is
 * allowed (format 1 or 2, a graph, a level with costs), b without h and
 * runs16x8hb are refused as corrupt. */
static void box(const char *path, const char *flat_path)
{
	size_t size, fsize = 0, bsize;
	uint8_t *data = read_file(path, &size), *fdata = NULL, *bdata = NULL, *copy, *bt_copy, *fcopy = NULL;
	pt_error e;
	pt_table *t, *bt = NULL, *flat = NULL;
	const pt_info *in;
	char enc[40], name[60];
	size_t el;
	int has_b, costs;
	parts ps;
	if (!data) {
		CHECK(0, "cannot read %s", path);
		return;
	}
	t = open_exact(data, size, &e, &copy);
	CHECK(t && pt_info_of(t)->layout == PT_RUNS, "%s: not a run-length table: %s", path, t ? "" : e.message);
	if (!t || pt_info_of(t)->layout != PT_RUNS) {
		pt_close(t), free(copy), free(data);
		return;
	}
	in = pt_info_of(t);
	el = strlen(in->first_enc);
	CHECK(el < 20, "%s: first_enc %s", path, in->first_enc);
	/* A j encoding's b comes before its j. */
	has_b = el > 0 && (in->first_enc[el - 1] == 'b' || (el > 1 && in->first_enc[el - 1] == 'j' && in->first_enc[el - 2] == 'b'));
	costs = split(data, size, &ps) && ps.version == 3 && ps.n[2] != 0;
	strcpy(enc, in->first_enc);
	if (!has_b) {
		int j = el > 0 && enc[el - 1] == 'j';
		if (j)
			enc[el - 1] = 0;
		strcat(enc, strchr(enc, 'h') ? "b" : "hb");
		if (j)
			strcat(enc, "j");
	}
	if (in->version != 3 || in->kind != PT_GRID) {
		refuse_enc(path, data, size, enc, "heuristic symbols");
		refuse_enc(path, data, size, in->first_enc[4] == '1' ? "runs16x4hb" : "runs32x4hb", "heuristic symbols");
		refuse_enc(path, data, size, in->first_enc[4] == '1' ? "runs16x4hwb" : "runs32x4hwb", "heuristic symbols");
	} else if (costs) {
		CHECK(!has_b, "%s: a b encoding with a costs bin opened", path);
		refuse_enc(path, data, size, enc, "costs bin");
		if (!strchr(enc, 'w') && !strchr(enc, 'c')) { /* hb: hwb too; hcb has no w form */
			char *b = strrchr(enc, 'b'), tail[4];
			strcpy(tail, b + 1);
			strcpy(b, "wb");
			strcat(b, tail);
			refuse_enc(path, data, size, enc, "costs bin");
		}
	} else {
		if (has_b)
			bt = t;
		else {
			bdata = with_enc(data, size, enc, &bsize);
			CHECK(bdata != NULL, "%s: no first_enc to set", path);
			if (bdata)
				bt = open_named(enc, bdata, bsize, &bt_copy);
		}
		if (flat_path && (fdata = read_file(flat_path, &fsize)) != NULL) {
			flat = open_named(flat_path, fdata, fsize, &fcopy);
			CHECK(!flat || pt_len(flat) == pt_len(t), "%s: %d nodes, %s %d", path, pt_len(t), flat_path, pt_len(flat));
		}
		if (bt) {
			snprintf(name, sizeof name, "%s as %s", has_b ? "b table" : "table", enc);
			if (!has_b)
				api(name, bt);
			CHECK(box_answers(name, bt, has_b ? NULL : t, flat) > 0 || pt_len(bt) < 2, "%s: no pair in an open box", path);
			/* The other start and move widths answer alike. */
			if (!strncmp(enc, "runs16x4", 8)) {
				int bytes;
				for (bytes = 0; bytes < 2; bytes++) {
					size_t wsize;
					uint8_t *w, *wcopy;
					pt_table *wt;
					char wenc[40];
					snprintf(wenc, sizeof wenc, "runs32x%d%s", bytes ? 8 : 4, enc + 8);
					w = widen(has_b ? data : bdata, has_b ? size : bsize, pt_len(t), in->runs, bytes, wenc, &wsize);
					CHECK(w != NULL, "%s: cannot widen to %s", path, wenc);
					if (!w)
						continue;
					if ((wt = open_named(wenc, w, wsize, &wcopy)) != NULL) {
						int32_t s, d, n = pt_len(wt), step = n > 150 ? n / 150 + 1 : 1;
						for (s = 0; s < n; s += step)
							for (d = 0; d < n; d += step)
								CHECK(pt_next(wt, s, d) == pt_next(bt, s, d), "%s: %d -> %d: next %d, %s %d", wenc, s, d,
								      pt_next(wt, s, d), enc, pt_next(bt, s, d));
						printf("%s: answers as %s\n", wenc, enc);
					}
					pt_close(wt);
					free(wcopy);
					free(w);
				}
			}
		}
		/* b without h, and runs16x8 with it: unknown encodings. */
		refuse_enc(path, data, size, in->first_enc[4] == '1' ? "runs16x4b" : "runs32x4b", "unknown");
		refuse_enc(path, data, size, in->first_enc[4] == '1' ? "runs16x4wb" : "runs32x4wb", "unknown");
		refuse_enc(path, data, size, "runs16x8hb", "unknown");
		refuse_enc(path, data, size, "runs16x8hwb", "unknown");
		refuse_enc(path, data, size, "runs16x4hbw", "unknown");
		refuse_enc(path, data, size, "runs16x8hcb", "unknown");
		if (bt && bt != t) {
			pt_close(bt);
			free(bt_copy);
		}
		pt_close(flat);
		free(fcopy);
		free(fdata);
		free(bdata);
	}
	pt_close(t);
	free(copy);
	free(data);
	CHECK(live == 0, "%s: %lu bytes left allocated", path, (unsigned long)live);
}

int main(int argc, char **argv)
{
	int i, with_damage = 0;
	if (argc > 2 && !strcmp(argv[1], "-box")) {
		box(argv[2], argc > 3 ? argv[3] : NULL);
		if (failures) {
			fprintf(stderr, "test: %d failures\n", failures);
			return 1;
		}
		printf("test: ok\n");
		return 0;
	}
	for (i = 1; i < argc; i++) {
		size_t size;
		uint8_t *data, *copy;
		pt_error e;
		pt_table *t;
		if (!strcmp(argv[i], "-damage")) {
			with_damage = 1;
			continue;
		}
		if (!(data = read_file(argv[i], &size))) {
			fprintf(stderr, "test: cannot read %s\n", argv[i]);
			return 2;
		}
		t = open_exact(data, size, &e, &copy);
		CHECK(t != NULL, "%s: %s", argv[i], e.message);
		if (t) {
			/* The same table from the file, and pt_info's strings. */
			pt_table *f = pt_open_file(argv[i], &e);
			CHECK(f && pt_len(f) == pt_len(t), "%s: pt_open_file: %s", argv[i], f ? "" : e.message);
			pt_close(f);
			CHECK(strlen(pt_info_of(t)->metric) > 0 && strlen(pt_info_of(t)->dist_kind) > 0, "%s: info strings", argv[i]);
			api(argv[i], t);
		}
		pt_close(t);
		free(copy);
		CHECK(live == 0, "%s: %lu bytes left allocated after pt_close", argv[i], (unsigned long)live);
		if (with_damage)
			damage(argv[i], data, size);
		free(data);
	}
	/* An allocator that fails: every open refuses, leaking nothing. */
	if (argc > 1 && strcmp(argv[argc - 1], "-damage") != 0) {
		size_t size, lim;
		uint8_t *data = read_file(argv[argc - 1], &size), *copy;
		pt_error e;
		for (lim = 0; data && lim < 4096; lim += 61) {
			pt_table *t;
			test_limit = lim;
			t = open_exact(data, size, &e, &copy);
			CHECK(t || e.code == PT_ERR_NOMEM, "allocator limit %lu: error %d %s", (unsigned long)lim, e.code, e.message);
			test_limit = (size_t)-1;
			pt_close(t);
			free(copy);
			CHECK(live == 0, "allocator limit %lu: %lu bytes leaked", (unsigned long)lim, (unsigned long)live);
		}
		free(data);
	}
	if (with_damage)
		hostile();
	CHECK(live == 0, "%lu bytes left allocated", (unsigned long)live);
	if (failures) {
		fprintf(stderr, "test: %d failures\n", failures);
		return 1;
	}
	printf("test: ok\n");
	return 0;
}
