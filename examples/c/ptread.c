/*
 * ptread: a minimal pathtable table reader in C, the companion of
 * docs/FORMAT.md. It loads a .ptab file of any layout (flat, version 1;
 * windowed or run-length, version 2; a grid table of any layout carrying its
 * cells, version 3, whose graph it rebuilds by the grid rules), validates it
 * as the Go decoder does (magic, version, every length against the header,
 * CRC-32C, graph arrays or cells, the run-length rows and order), and prints
 * the path between two nodes in the same text format as `pathtable path`:
 *
 *	ptread TABLE FROM TO
 *	0,0 -> 1,2 cost 2.414213562373095 path 0,0 0,1 1,2
 *	0,0 -> 2,0 no path
 *	0,0 -> 9,9 not covered (outside the window of 9,9)
 *
 * msgpack framing is decoded by msgpack-c (Debian: libmsgpack-dev). msgpack-c
 * allocates an array's or map's elements before it has seen them, so a
 * hostile 5-byte "array of 4 billion" would ask for ~100 GB: mp_check walks
 * the document first and refuses any length larger than the bytes left.
 * The file is one msgpack value, an array: magic, version, the bins (nine,
 * or ten for a run-length table; five or six in version 3, whose two cell
 * bins take the six graph bins' place), and last the CRC-32C of the bins'
 * contents.
 *
 * Build: cc -std=c99 -O2 -ffp-contract=off -o ptread ptread.c -lmsgpackc -lm
 * (no fused multiply-add, so a + b*sqrt(2) rounds exactly as Go does.)
 */
#include <errno.h>
#include <math.h>
#include <msgpack.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAGIC "PATHTABL"
#define NOMOVE 0xFF
#define MAXDEGREE 254
#define MAXBINS 10          /* a run-length table's: the seven graph bins, order, rows, runs */
#define MAXPAYLOAD 0xFFFFFFFFu /* a msgpack bin32 holds at most 2^32-1 bytes */
#define MAXFLATNODES 46340u /* n*n first moves fit in one bin */
#define MAXCELLS (1u << 24) /* grid cells; also the nodes of windowed and run-length tables */
#define MAXWINDOW 127       /* a windowed table's DELTA */
#define SQRT2 1.4142135623730951

/* The layouts: version 1 is flat; version 2 names its layout in the header. */
enum layout { FLAT, WINDOW, RUNS };

/* The bins of a document, in order: a flat or windowed one, a run-length one. */
static const char *bin_names[2][MAXBINS] = {
	{"header", "offsets", "targets", "weights", "cells", "x", "y", "first", "dist"},
	{"header", "offsets", "targets", "weights", "cells", "x", "y", "order", "rows", "runs"},
};

static void die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "ptread: ");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

/* CRC-32C (Castagnoli), reflected polynomial 0x82F63B78, table-driven. */
static uint32_t crc_table[256];

static void crc_init(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
		crc_table[i] = c;
	}
}

/* crc_update continues a CRC-32C: start with crc = 0. */
static uint32_t crc_update(uint32_t crc, const uint8_t *p, size_t n)
{
	crc = ~crc;
	while (n--)
		crc = crc_table[(crc ^ *p++) & 0xFF] ^ (crc >> 8);
	return ~crc;
}

static uint64_t be(const uint8_t *p, int n)
{
	uint64_t v = 0;
	while (n--)
		v = v << 8 | *p++;
	return v;
}

static uint32_t le32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }
static uint32_t le16(const uint8_t *p) { return p[0] | p[1] << 8; }
static void put32(uint8_t *p, uint32_t v) { p[0] = v, p[1] = v >> 8, p[2] = v >> 16, p[3] = v >> 24; }

/*
 * mp_check checks the msgpack value at *pp: every string, bin, ext, array and
 * map length it declares must fit in the bytes before end (an element takes
 * at least one byte). It advances *pp past the value; 0 on success.
 */
static int mp_check(const uint8_t **pp, const uint8_t *end, int depth)
{
	const uint8_t *p = *pp;
	uint64_t skip = 0, items = 0;
	int lenbytes = 0, ext = 0;
	if (p >= end || depth > 32) /* nesting: as deep as Go's decoder allows */
		return -1;
	uint8_t c = *p++;
	if (c <= 0x7f || c >= 0xe0 || (c >= 0xc0 && c <= 0xc3 && c != 0xc1))
		; /* fixint, nil, bool */
	else if (c <= 0x8f)
		items = 2 * (c & 0x0f);
	else if (c <= 0x9f)
		items = c & 0x0f;
	else if (c <= 0xbf)
		skip = c & 0x1f;
	else if (c >= 0xc4 && c <= 0xc6) /* bin 8/16/32 */
		lenbytes = 1 << (c - 0xc4);
	else if (c >= 0xd9 && c <= 0xdb) /* str 8/16/32 */
		lenbytes = 1 << (c - 0xd9);
	else if (c >= 0xc7 && c <= 0xc9) /* ext 8/16/32 */
		lenbytes = 1 << (c - 0xc7), ext = 1;
	else if (c >= 0xca && c <= 0xd3) /* float32/64, uint and int 8..64 */
		skip = (uint64_t[]){4, 8, 1, 2, 4, 8, 1, 2, 4, 8}[c - 0xca];
	else if (c >= 0xd4 && c <= 0xd8) /* fixext */
		skip = 1 + (1u << (c - 0xd4));
	else if (c >= 0xdc && c <= 0xdf) { /* array 16/32, map 16/32 */
		int w = (c & 1) ? 4 : 2;
		if (end - p < w)
			return -1;
		items = be(p, w) * (c >= 0xde ? 2 : 1);
		p += w;
	} else
		return -1; /* 0xc1 is never used */
	if (lenbytes) {
		if (end - p < lenbytes)
			return -1;
		skip = be(p, lenbytes) + ext;
		p += lenbytes;
	}
	if (skip > (uint64_t)(end - p) || items > (uint64_t)(end - p))
		return -1;
	p += skip;
	while (items--)
		if (mp_check(&p, end, depth + 1))
			return -1;
	*pp = p;
	return 0;
}

/* table is a loaded table; the arrays point into the file's bytes. */
struct table {
	char kind[8], metric[8], dist_kind[16], first_enc[16], layout_name[8], diagonal[8];
	uint64_t nodes, edges, width, height, connect, window, runs;
	uint64_t row_bytes;   /* version 3 run-length tables: the bytes of a row's run count, 1, 2 or 4 */
	enum layout layout;
	msgpack_object names; /* ARRAY of STR for graphs, NIL for grids */
	uint8_t *data;        /* the whole file */
	int nbins;
	const uint8_t *bin[MAXBINS];
	size_t len[MAXBINS];
	uint8_t *graph;       /* version 3: the rebuilt offsets, targets, weights and cells, which bin[1..4] point into */
	uint32_t *rank;       /* run-length tables: the rank of each node, order's inverse */
	uint32_t *row_start;  /* run-length tables: the row of rank r is runs row_start[r] to row_start[r+1] */
	int row_counts;       /* version 3 run-length tables: the rows bin holds each row's run count */
	int start_bytes;      /* run-length tables: a run start's (and a rank's) bytes, 2 or 4 */
	int move_bits;        /* run-length tables: a run move's bits, 4 or 8 */
	int symbols;          /* run-length grid tables of version 3: moves 8..14 are heuristic symbols H_1..H_7 */
	int wrap;             /* and rows wrap: a target below a row's first start takes its last run */
};

/* weight is the cost of edge i. */
static double weight(const struct table *t, uint64_t i)
{
	uint64_t bits = le32(t->bin[3] + 8 * i) | (uint64_t)le32(t->bin[3] + 8 * i + 4) << 32;
	double w;
	memcpy(&w, &bits, 8); /* IEEE 754 bits, assembled from little-endian bytes */
	return w;
}

static int str_is(msgpack_object o, const char *s)
{
	return o.type == MSGPACK_OBJECT_STR && o.via.str.size == strlen(s) && !memcmp(o.via.str.ptr, s, o.via.str.size);
}

/* copy_str copies a header string; one too long for dst becomes "" (an
 * unknown value, refused by the checks that read it). */
static void copy_str(char *dst, size_t cap, msgpack_object o)
{
	size_t n = o.type == MSGPACK_OBJECT_STR && o.via.str.size < cap ? o.via.str.size : 0;
	memcpy(dst, n ? o.via.str.ptr : "", n);
	dst[n] = 0;
}

static int dist_width(const char *k)
{
	if (!strcmp(k, "u16"))
		return 2;
	if (!strcmp(k, "u32") || !strcmp(k, "octile16"))
		return 4;
	if (!strcmp(k, "u64") || !strcmp(k, "octile32") || !strcmp(k, "f64"))
		return 8;
	return 0;
}

/* window_block is the bytes of one origin's block in a windowed table:
 * its (2*DELTA+1)^2 cells at four bits each. */
static uint64_t window_block(uint64_t delta) { return ((2 * delta + 1) * (2 * delta + 1) + 1) / 2; }

/* has_magic reports whether d starts with an array whose first element is
 * the string MAGIC, in any of msgpack's array and string forms. */
static int has_magic(const uint8_t *d, long size)
{
	long at = size < 1 ? 0 : d[0] >= 0x92 && d[0] <= 0x9f ? 1 : d[0] == 0xdc ? 3 : d[0] == 0xdd ? 5 : 0;
	if (at == 0 || size < at + 1)
		return 0;
	int w = d[at] == 0xa8 ? 0 : d[at] == 0xd9 ? 1 : d[at] == 0xda ? 2 : d[at] == 0xdb ? 4 : -1;
	if (w < 0 || size < at + 1 + w + 8 || (w > 0 && be(d + at + 1, w) != 8))
		return 0;
	return !memcmp(d + at + 1 + w, MAGIC, 8);
}

/* header reads the header map's fields into t, as docs/FORMAT.md's rules
 * say: a str field is a msgpack str, an integer field a msgpack integer of
 * a value >= 0 (msgpack-c gives every such one as POSITIVE_INTEGER, however
 * it was encoded), names an array or nil, a known key at most once; any
 * other key, of any type, is skipped. It returns the offending key, or
 * NULL. */
static const msgpack_object *header(struct table *t, msgpack_object_map m)
{
	static const char *keys[] = {"kind", "metric", "dist_kind", "first_enc", "model", "diagonal",
				     "source", "format", "input_hash", "layout", /* the str fields */
				     "nodes", "edges", "width", "height", "connect", "window", "runs", "row_bytes", "names"};
	uint32_t seen = 0;
	t->names.type = MSGPACK_OBJECT_NIL;
	for (uint32_t i = 0; i < m.size; i++) {
		msgpack_object k = m.ptr[i].key, v = m.ptr[i].val;
		int known = -1;
		for (int j = 0; j < (int)(sizeof keys / sizeof *keys); j++)
			if (str_is(k, keys[j]))
				known = j;
		if (known < 0)
			continue;
		if (seen & 1u << known) /* readers taking the first or the last would disagree */
			return &m.ptr[i].key;
		seen |= 1u << known;
		uint64_t *num = str_is(k, "nodes") ? &t->nodes : str_is(k, "edges") ? &t->edges
			: str_is(k, "width") ? &t->width : str_is(k, "height") ? &t->height
			: str_is(k, "connect") ? &t->connect : str_is(k, "window") ? &t->window
			: str_is(k, "runs") ? &t->runs : str_is(k, "row_bytes") ? &t->row_bytes : NULL;
		if ((num && v.type != MSGPACK_OBJECT_POSITIVE_INTEGER) || (known < 10 && v.type != MSGPACK_OBJECT_STR) ||
		    (str_is(k, "names") && v.type != MSGPACK_OBJECT_ARRAY && v.type != MSGPACK_OBJECT_NIL))
			return &m.ptr[i].key;
		if (num)
			*num = v.via.u64;
		else if (str_is(k, "kind"))
			copy_str(t->kind, sizeof t->kind, v);
		else if (str_is(k, "metric"))
			copy_str(t->metric, sizeof t->metric, v);
		else if (str_is(k, "dist_kind"))
			copy_str(t->dist_kind, sizeof t->dist_kind, v);
		else if (str_is(k, "first_enc"))
			copy_str(t->first_enc, sizeof t->first_enc, v);
		else if (str_is(k, "layout"))
			copy_str(t->layout_name, sizeof t->layout_name, v);
		else if (str_is(k, "diagonal"))
			copy_str(t->diagonal, sizeof t->diagonal, v);
		else if (str_is(k, "names"))
			t->names = v;
	}
	return NULL;
}

/* by_name orders node indices by name, then index, for duplicate_name. */
static const msgpack_object *sorted_names;
static int by_name(const void *pa, const void *pb)
{
	uint32_t i = *(const uint32_t *)pa, j = *(const uint32_t *)pb;
	msgpack_object_str x = sorted_names[i].via.str, y = sorted_names[j].via.str;
	int c = x.size && y.size ? memcmp(x.ptr, y.ptr, x.size < y.size ? x.size : y.size) : 0;
	if (c == 0)
		c = (x.size > y.size) - (x.size < y.size);
	return c ? c : (i > j) - (i < j);
}

static int same_name(uint32_t i, uint32_t j)
{
	msgpack_object_str x = sorted_names[i].via.str, y = sorted_names[j].via.str;
	return x.size == y.size && (x.size == 0 || !memcmp(x.ptr, y.ptr, x.size));
}

/* duplicate_name reports whether two nodes of a graph have the same name,
 * and which, as the Go decoder does: the first node u whose name an earlier
 * node v already has. (Readers that took the first or the last of two
 * equal names would disagree on which node a name means.) O(n log n). */
static int duplicate_name(const struct table *t, uint32_t *v, uint32_t *u)
{
	uint32_t n = t->nodes, *idx = malloc(sizeof *idx * (n ? n : 1)), found = 0;
	if (!idx)
		die("out of memory");
	for (uint32_t i = 0; i < n; i++)
		idx[i] = i;
	sorted_names = t->names.via.array.ptr;
	qsort(idx, n, sizeof *idx, by_name);
	for (uint32_t i = 1; i < n; i++) {
		/* Only the second of a run of equal names: the run's two earliest nodes. */
		if (!same_name(idx[i - 1], idx[i]) || (i >= 2 && same_name(idx[i - 2], idx[i - 1])))
			continue;
		if (!found || idx[i] < *u)
			*v = idx[i - 1], *u = idx[i], found = 1;
	}
	free(idx);
	return found;
}

/* check_header checks the header's fields against each other, in the Go
 * decoder's order; it returns what is wrong, or NULL. */
static const char *check_header(struct table *t, uint64_t version)
{
	uint64_t n = t->nodes, w = dist_width(t->dist_kind);
	if (!strcmp(t->layout_name, ""))
		t->layout = FLAT;
	else if (!strcmp(t->layout_name, "window"))
		t->layout = WINDOW;
	else if (!strcmp(t->layout_name, "runs"))
		t->layout = RUNS;
	else
		return "unknown layout";
	if (w == 0)
		return "unknown distance encoding";
	/* Each payload fits in one bin: the first moves and distances of a flat
	 * table, a windowed table's blocks, a run-length table's runs. */
	if (t->layout == FLAT && (n > MAXFLATNODES || n * n * w > MAXPAYLOAD))
		return "too many nodes for a flat table";
	if (t->layout == WINDOW && (t->window < 1 || t->window > MAXWINDOW || n > MAXCELLS ||
				    n * window_block(t->window) > MAXPAYLOAD))
		return "bad window or too many nodes for it";
	if (t->layout == RUNS && (n > MAXCELLS || t->runs > MAXPAYLOAD / 4))
		return "too many nodes or runs for a run-length table";
	/* A run-length table's first_enc names the widths of a run's start
	 * (16 or 32 bits) and move (4 or 8 bits). */
	t->start_bytes = t->move_bits = t->symbols = t->wrap = 0;
	static const char *run_encs[] = {"runs16x4", "runs16x8", "runs32x4", "runs32x8", "runs16x4h", "runs16x8h", "runs32x4h", "runs32x8h",
					 "runs16x4hw", "runs16x8hw", "runs32x4hw", "runs32x8hw"};
	for (int i = 0; t->layout == RUNS && i < 12; i++)
		if (strcmp(t->first_enc, run_encs[i]) == 0 && i != 5 && i != 9) /* no runs16x8h, runs16x8hw */
			t->start_bytes = i % 4 < 2 ? 2 : 4, t->move_bits = i % 2 ? 8 : 4, t->symbols = i >= 4, t->wrap = i >= 8;
	/* Heuristic symbols need the grid's cells: grid tables of version 3. */
	if (t->symbols && (strcmp(t->kind, "grid") || version != 3))
		return "heuristic symbols in a table that is not a version 3 grid";
	if (t->layout == WINDOW ? strcmp(t->first_enc, "window4") || strcmp(t->kind, "grid")
	    : t->window != 0 ? 1
	    : t->layout == RUNS ? t->move_bits == 0
	    : strcmp(t->first_enc, "u8") != 0)
		return "first-move encoding or window do not fit the layout";
	if (t->layout == RUNS && t->start_bytes == 2 && n > 65536)
		return "16-bit run starts in a table of more than 65536 nodes";
	if (t->layout != RUNS && t->runs != 0)
		return "a run count in a table of another layout";
	if (t->layout == RUNS && version == 3 ? t->row_bytes != 1 && t->row_bytes != 2 && t->row_bytes != 4 : t->row_bytes != 0)
		return "row_bytes is not 1, 2 or 4 in a version 3 run-length table, or present in another";
	if (t->edges > n * MAXDEGREE)
		return "too many edges";
	/* The metric says what the costs are, and how a walked distance adds
	 * them; the distance encoding must hold its distances. */
	const char *k = t->dist_kind;
	if (!strcmp(t->metric, "int") ? strcmp(k, "u16") && strcmp(k, "u32") && strcmp(k, "u64")
	    : !strcmp(t->metric, "octile") ? strcmp(k, "octile16") && strcmp(k, "octile32") && strcmp(k, "f64")
	    : !strcmp(t->metric, "float") ? strcmp(k, "f64") != 0
	    : 1)
		return "unknown metric, or one its distance encoding cannot hold";
	int grid = !strcmp(t->kind, "grid");
	if (grid && (t->width == 0 || t->height == 0 || t->width > MAXCELLS || t->height > MAXCELLS ||
		     t->width * t->height > MAXCELLS))
		return "bad grid size";
	if (grid && t->names.type != MSGPACK_OBJECT_NIL)
		return "grid table has node names";
	if (grid && t->connect != 4 && t->connect != 8)
		return "grid connectivity is not 4 or 8";
	if (grid && strcmp(t->diagonal, "sqrt2") && strcmp(t->diagonal, "10/14"))
		return "grid diagonal is not sqrt2 or 10/14";
	if (!grid && (t->width || t->height || t->connect || t->diagonal[0]))
		return "graph table has grid fields";
	if (!grid && (strcmp(t->kind, "graph") || t->names.type != MSGPACK_OBJECT_ARRAY || t->names.via.array.size != n))
		return "bad kind or node names";
	for (uint64_t i = 0; !grid && i < n; i++)
		if (t->names.via.array.ptr[i].type != MSGPACK_OBJECT_STR)
			return "a node name is not a string";
	uint32_t v = 0, u = 0;
	static char msg[120];
	if (!grid && duplicate_name(t, &v, &u)) {
		snprintf(msg, sizeof msg, "nodes %u and %u have the same name", (unsigned)v, (unsigned)u);
		return msg;
	}
	if (version == 3 ? !grid : (t->layout == FLAT ? 1u : 2u) != version)
		return "the layout does not match the format version";
	return NULL;
}

static const int DX[8] = {0, 1, 1, 1, 0, -1, -1, -1}, DY[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

/* rebuild makes a version 3 table's graph from its cells, as the Go
 * reader does (internal/gridgraph): nodes are the open cells in row-major
 * order, each node's out-edges in the order N, NE, E, SE, S, SW, W, NW
 * (N, E, S, W when 4-connected), skipping moves that leave the grid, end
 * on a closed cell or cut a corner; an edge costs the entered cell's cost
 * times 1 or sqrt2, or 10 or 14. It writes offsets, targets, weights and
 * cells as version 1 stores them and points bin[1..6] at them. It returns
 * what is wrong with the cells, or NULL. O(width * height). */
static const char *rebuild(struct table *t, const uint8_t *open, size_t open_len, const uint8_t *costs, size_t costs_len)
{
	uint64_t w = t->width, h = t->height, cells = w * h, n = t->nodes, count = 0;
	if (open_len != (cells + 7) / 8)
		return "open has the wrong length for the header";
	if (costs_len != 0 && costs_len != (n + 1) / 2)
		return "costs has the wrong length for the header";
	if (cells % 8 && open[open_len - 1] >> (cells % 8))
		return "open bits past the grid";
	for (uint64_t c = 0; c < cells; c++)
		count += open[c / 8] >> (c % 8) & 1;
	if (count != n)
		return "the open cells are not the header's nodes";
	if (costs_len && n % 2 && costs[costs_len - 1] >> 4)
		return "costs padding is not 0";
	uint8_t *cost = calloc(cells, 1);
	uint32_t *node = malloc(sizeof *node * cells);
	if (!cost || !node)
		die("out of memory");
	for (uint64_t c = 0, u = 0; c < cells; c++) {
		node[c] = UINT32_MAX;
		if (!(open[c / 8] >> (c % 8) & 1))
			continue;
		cost[c] = costs_len ? costs[u / 2] >> (4 * (u % 2)) & 0xF : 1;
		if (cost[c] == 0 || cost[c] > 9) {
			free(cost), free(node);
			return "a node's cost is not 1 to 9";
		}
		node[c] = u++;
	}
	/* Twice over the nodes: count the edges, then write them. */
	int c1014 = !strcmp(t->diagonal, "10/14");
	uint64_t e = 0;
	uint8_t *g = NULL, *offs = NULL, *tgt = NULL, *wts = NULL, *cl = NULL;
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1) {
			if (e != t->edges) {
				free(cost), free(node);
				return "the cells make another number of edges than the header's";
			}
			if (!(g = t->graph = malloc(4 * (n + 1) + 16 * e + 4 * n + 1)))
				die("out of memory");
			offs = g, tgt = offs + 4 * (n + 1), wts = tgt + 4 * e, cl = wts + 8 * e;
			e = 0;
		}
		for (uint64_t c = 0, u = 0; c < cells; c++) {
			if (node[c] == UINT32_MAX)
				continue;
			long x = c % w, y = c / w;
			if (pass == 1)
				put32(offs + 4 * u, e), put32(cl + 4 * u, c);
			for (int d = 0; d < 8; d++) {
				int diag = DX[d] && DY[d];
				long nx = x + DX[d], ny = y + DY[d];
				if (diag && t->connect == 4)
					continue;
				if (nx < 0 || ny < 0 || nx >= (long)w || ny >= (long)h || !cost[ny * w + nx])
					continue;
				if (diag && (!cost[y * w + nx] || !cost[ny * w + x]))
					continue; /* no corner cutting */
				if (pass == 1) {
					uint8_t k = cost[ny * w + nx];
					double wt = c1014 ? (double)(k * (diag ? 14 : 10)) : diag ? (double)k * SQRT2 : (double)k;
					uint64_t bits;
					memcpy(&bits, &wt, 8);
					put32(tgt + 4 * e, node[ny * w + nx]);
					put32(wts + 8 * e, bits), put32(wts + 8 * e + 4, bits >> 32);
				}
				e++;
			}
			u++;
		}
	}
	put32(offs + 4 * n, e);
	free(cost), free(node);
	t->bin[1] = offs, t->len[1] = 4 * (n + 1);
	t->bin[2] = tgt, t->len[2] = 4 * e;
	t->bin[3] = wts, t->len[3] = 8 * e;
	t->bin[4] = cl, t->len[4] = 4 * n;
	t->bin[5] = t->bin[6] = cl, t->len[5] = t->len[6] = 0;
	return NULL;
}

/* rank_at reads entry i of an array of ranks (order, or run starts) of
 * t's start width. */
static uint32_t rank_at(const struct table *t, const uint8_t *a, uint64_t i)
{
	return t->start_bytes == 2 ? le16(a + 2 * i) : le32(a + 4 * i);
}

/* check_runs checks a run-length table's order and rows as the Go decoder
 * does, and derives rank and row_start: order is a permutation of the n
 * nodes, and the rows span the runs in order (version 3: the rows' run
 * counts, summed, are the runs). Runs are checked where they are used. It
 * returns what is wrong, or NULL. O(n). */
static const char *check_runs(struct table *t)
{
	uint64_t n = t->nodes;
	const uint8_t *order = t->bin[7], *rows = t->bin[8];
	if (!(t->rank = malloc(sizeof *t->rank * (n ? n : 1))))
		die("out of memory");
	memset(t->rank, 0xFF, sizeof *t->rank * n);
	for (uint64_t r = 0; r < n; r++) {
		uint32_t u = rank_at(t, order, r);
		if (u >= n || t->rank[u] != UINT32_MAX)
			return "order is not a permutation of the nodes";
		t->rank[u] = r;
	}
	if (!(t->row_start = malloc(sizeof *t->row_start * (n + 1))))
		die("out of memory");
	if (t->row_counts) {
		uint64_t sum = 0, w = t->row_bytes;
		t->row_start[0] = 0;
		for (uint64_t r = 0; r < n; r++) {
			sum += w == 1 ? rows[r] : w == 2 ? le16(rows + 2 * r) : le32(rows + 4 * r);
			if (sum > t->runs)
				return "rows hold more runs than the table";
			t->row_start[r + 1] = (uint32_t)sum;
		}
		return sum != t->runs ? "rows do not span the runs" : NULL;
	}
	if (le32(rows) != 0 || le32(rows + 4 * n) != t->runs)
		return "rows do not span the runs";
	for (uint64_t r = 0; r <= n; r++) {
		t->row_start[r] = le32(rows + 4 * r);
		if (r > 0 && t->row_start[r - 1] > t->row_start[r])
			return "a row ends before it starts";
	}
	return NULL;
}

/* load reads and validates the table at path; it exits on any error. */
static void load(const char *path, struct table *t, msgpack_unpacked *doc, msgpack_unpacked *hdr)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		die("%s: %s", path, strerror(errno));
	fseek(f, 0, SEEK_END);
	long size = ftell(f);
	rewind(f);
	uint8_t *data = t->data = malloc(size > 0 ? size : 1);
	if (size < 0 || !data || fread(data, 1, size, f) != (size_t)size)
		die("%s: cannot read: %s", path, strerror(errno));
	fclose(f);

	/* Bad magic is told apart from damage by the first bytes alone. */
	const uint8_t *p = data, *end = data + size;
	if (!has_magic(data, size))
		die("%s: not a pathtable table (bad magic)", path);
	/* One msgpack value, the array; its last element is the checksum. */
	if (mp_check(&p, end, 0))
		die("%s: truncated table (a length exceeds the file)", path);
	size_t off = 0;
	if (msgpack_unpack_next(doc, (const char *)data, size, &off) != MSGPACK_UNPACK_SUCCESS ||
	    doc->data.type != MSGPACK_OBJECT_ARRAY)
		die("%s: corrupt table: bad msgpack", path);
	msgpack_object_array a = doc->data.via.array;
	if (a.size < 2 || !str_is(a.ptr[0], MAGIC))
		die("%s: not a pathtable table (bad magic)", path);
	uint64_t version = a.ptr[1].type == MSGPACK_OBJECT_POSITIVE_INTEGER ? a.ptr[1].via.u64 : 0;
	if (version != 1 && version != 2 && version != 3)
		die("%s: unsupported table format version %lld (this reader reads 1, 2 and 3)", path,
		    a.ptr[1].type == MSGPACK_OBJECT_POSITIVE_INTEGER ? (long long)a.ptr[1].via.u64 : -1LL);
	/* 12 elements: flat or windowed; 13: run-length, in version 2 only;
	 * version 3 has two cell bins for the six graph bins: 8 or 9. The
	 * header confirms the layout below. */
	int v3 = version == 3, level = v3 ? 2 : 6; /* the bins after the header that describe the level */
	if (v3 ? a.size != 8 && a.size != 9 : a.size != 12 && (version != 2 || a.size != 13))
		die("%s: corrupt table: wrong number of document elements", path);
	t->nbins = a.size - 3 - level + 6; /* as the version 1 or 2 document of the same layout */
	const char *const *names = bin_names[t->nbins == MAXBINS];
	static const char *cell_names[] = {"header", "open", "costs"};
	const uint8_t *cell_bin[3] = {0};
	size_t cell_len[3] = {0};

	uint32_t crc = 0;
	for (int j = 0; j < (int)a.size - 3; j++) {
		msgpack_object o = a.ptr[2 + j];
		/* Bin j of the document is bin i of the version 1 or 2 one. */
		int i = j == 0 || !v3 ? j : j <= level ? -1 : j - level + 6;
		if (o.type != MSGPACK_OBJECT_BIN)
			die("%s: corrupt table: %s is not a bin", path, i < 0 ? cell_names[j] : names[i]);
		if (i < 0)
			cell_bin[j] = (const uint8_t *)o.via.bin.ptr, cell_len[j] = o.via.bin.size;
		else
			t->bin[i] = (const uint8_t *)o.via.bin.ptr, t->len[i] = o.via.bin.size;
		crc = crc_update(crc, (const uint8_t *)o.via.bin.ptr, o.via.bin.size);
	}
	msgpack_object sum = a.ptr[a.size - 1];
	if (sum.type != MSGPACK_OBJECT_POSITIVE_INTEGER || sum.via.u64 > 0xFFFFFFFFu)
		die("%s: corrupt table: reading checksum", path);
	if (sum.via.u64 != crc)
		die("%s: table checksum mismatch (file corrupt): stored %08x, computed %08x", path,
		    (unsigned)sum.via.u64, (unsigned)crc);
	if (p != end) /* p is past the array: the checksum ends the file */
		die("%s: corrupt table: bytes after the checksum", path);

	/* The header: a map with string keys; unknown keys are ignored. */
	p = t->bin[0];
	if (mp_check(&p, p + t->len[0], 0) || p != t->bin[0] + t->len[0])
		die("%s: corrupt table: header", path);
	off = 0;
	if (msgpack_unpack_next(hdr, (const char *)t->bin[0], t->len[0], &off) != MSGPACK_UNPACK_SUCCESS ||
	    hdr->data.type != MSGPACK_OBJECT_MAP)
		die("%s: corrupt table: header is not a map", path);
	const msgpack_object *key = header(t, hdr->data.via.map);
	if (key)
		die("%s: corrupt table: header field %.*s has the wrong type", path, (int)key->via.str.size, key->via.str.ptr);
	const char *bad = check_header(t, version);
	if (bad)
		die("%s: corrupt table: %s", path, bad);
	if ((t->layout == RUNS) != (t->nbins == MAXBINS))
		die("%s: corrupt table: the layout does not match the number of document elements", path);

	/* A version 3 table's graph, from its cells; then it is checked as
	 * version 1's is. */
	if (v3 && (bad = rebuild(t, cell_bin[1], cell_len[1], cell_bin[2], cell_len[2])))
		die("%s: corrupt table: %s", path, bad);

	/* Every payload length against the header. */
	uint64_t n = t->nodes, e = t->edges;
	int grid = !strcmp(t->kind, "grid");
	uint64_t want[MAXBINS] = {t->len[0], 4 * (n + 1), 4 * e, 8 * e, grid ? 4 * n : 0, 0, 0};
	if (t->layout == FLAT)
		want[7] = n * n, want[8] = n * n * dist_width(t->dist_kind);
	else if (t->layout == WINDOW)
		want[7] = n * window_block(t->window), want[8] = 0;
	else
		want[7] = t->start_bytes * n, want[8] = v3 ? t->row_bytes * n : 4 * (n + 1),
		want[9] = t->start_bytes * t->runs + (t->move_bits * t->runs + 7) / 8;
	if (t->len[5] != 0)
		want[5] = want[6] = 8 * n; /* coordinates: both or neither */
	for (int i = 0; i < t->nbins; i++)
		if (t->len[i] != want[i])
			die("%s: corrupt table: %s has the wrong length for the header", path, names[i]);

	/* The arrays a query indexes by: offsets, targets, cells. */
	const uint8_t *off4 = t->bin[1], *tgt = t->bin[2], *cells = t->bin[4];
	if (le32(off4) != 0 || le32(off4 + 4 * n) != e)
		die("%s: corrupt table: offsets do not span the edges", path);
	for (uint64_t u = 0; u < n; u++)
		if (le32(off4 + 4 * u + 4) < le32(off4 + 4 * u) || le32(off4 + 4 * u + 4) - le32(off4 + 4 * u) > MAXDEGREE)
			die("%s: corrupt table: bad out-degree", path);
	for (uint64_t i = 0; i < e; i++)
		if (le32(tgt + 4 * i) >= n)
			die("%s: corrupt table: an edge points outside the graph", path);
	int ints = !strcmp(t->metric, "int"), octile = !strcmp(t->metric, "octile");
	for (uint64_t i = 0; i < e; i++) {
		double wt = weight(t, i), k = round(wt / SQRT2);
		if (!(wt >= 0) || isinf(wt))
			die("%s: corrupt table: edge %llu has cost %g", path, (unsigned long long)i, wt);
		/* Costs are what the metric says: integers below 2^31, or k or
		 * k*sqrt2 for such a k, so a walked distance adds them exactly. */
		int whole = wt == trunc(wt) && wt < 2147483648.0;
		if ((ints && !whole) || (octile && !whole && !(k < 2147483648.0 && k * SQRT2 == wt)))
			die("%s: corrupt table: edge %llu has cost %g in a level of %s costs", path, (unsigned long long)i, wt, t->metric);
	}
	for (uint64_t u = 0; grid && u < n; u++)
		if (le32(cells + 4 * u) >= t->width * t->height || (u > 0 && le32(cells + 4 * u) <= le32(cells + 4 * u - 4)))
			die("%s: corrupt table: bad cells", path);
	t->row_counts = v3;
	if (t->layout == RUNS && (bad = check_runs(t)))
		die("%s: corrupt table: %s", path, bad);
}

/* print_node prints the id of node u: "x,y" on grids, its name on graphs. */
static void print_node(const struct table *t, uint32_t u)
{
	if (t->names.type == MSGPACK_OBJECT_ARRAY) {
		msgpack_object_str s = t->names.via.array.ptr[u].via.str;
		fwrite(s.ptr, 1, s.size, stdout);
		return;
	}
	uint32_t c = le32(t->bin[4] + 4 * u);
	printf("%u,%u", (unsigned)(c % t->width), (unsigned)(c / t->width));
}

/* quote writes s as Go's %q does for printable ASCII. */
static const char *quote(const char *s)
{
	static char buf[512];
	size_t j = 0;
	buf[j++] = '"';
	for (; *s && j < sizeof buf - 8; s++) {
		if (*s == '"' || *s == '\\')
			buf[j++] = '\\';
		if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f)
			j += sprintf(buf + j, "\\x%02x", (unsigned char)*s);
		else
			buf[j++] = *s;
	}
	buf[j++] = '"';
	buf[j] = 0;
	return buf;
}

/* find resolves a node id as `pathtable` does; it exits on a bad id. */
static uint32_t find(const struct table *t, const char *id, const char *which)
{
	char msg[600];
	if (t->names.type == MSGPACK_OBJECT_ARRAY) {
		for (uint32_t u = 0; u < t->nodes; u++)
			if (str_is(t->names.via.array.ptr[u], id))
				return u;
		snprintf(msg, sizeof msg, "no node %s in this graph", quote(id));
		die("%s: %s", which, msg);
	}
	char *comma = strchr(id, ','), *end1, *end2;
	long x = strtol(id, &end1, 10), y = comma ? strtol(comma + 1, &end2, 10) : 0;
	if (!comma || end1 == id || *end1 != ',' || end2 == comma + 1 || *end2)
		snprintf(msg, sizeof msg, "bad cell %s: want x,y", quote(id));
	else if (x < 0 || y < 0 || (uint64_t)x >= t->width || (uint64_t)y >= t->height)
		snprintf(msg, sizeof msg, "cell %ld,%ld is outside the %ux%u grid", x, y, (unsigned)t->width, (unsigned)t->height);
	else {
		uint32_t lo = 0, hi = t->nodes, c = y * t->width + x; /* cells ascend: binary search */
		while (lo < hi) {
			uint32_t mid = lo + (hi - lo) / 2;
			if (le32(t->bin[4] + 4 * mid) < c)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < t->nodes && le32(t->bin[4] + 4 * lo) == c)
			return lo;
		snprintf(msg, sizeof msg, "cell %ld,%ld is a wall, not a node", x, y);
	}
	die("%s: %s", which, msg);
	return 0;
}

/* distance decodes distance number i; it returns 0 when unreachable. */
static int distance(const struct table *t, uint64_t i, double *d)
{
	const uint8_t *p = t->bin[8];
	const char *k = t->dist_kind;
	uint64_t lo, hi = 0;
	if (!strcmp(k, "u16"))
		lo = p[2 * i] | p[2 * i + 1] << 8, *d = (double)lo;
	else if (!strcmp(k, "u32"))
		lo = le32(p + 4 * i), *d = (double)lo;
	else if (!strcmp(k, "octile16"))
		lo = p[4 * i] | p[4 * i + 1] << 8, hi = p[4 * i + 2] | p[4 * i + 3] << 8;
	else if (!strcmp(k, "octile32"))
		lo = le32(p + 8 * i), hi = le32(p + 8 * i + 4);
	else { /* u64, f64 */
		lo = le32(p + 8 * i) | (uint64_t)le32(p + 8 * i + 4) << 32;
		if (!strcmp(k, "f64")) {
			memcpy(d, &lo, 8); /* IEEE 754 bits, assembled from little-endian bytes */
			return !isinf(*d);
		}
		*d = (double)lo;
		return lo != UINT64_MAX;
	}
	if (!strncmp(k, "octile", 6)) {
		*d = (double)lo + (double)hi * 1.4142135623730951; /* a + b*sqrt(2), as Go */
		return lo != (k[6] == '1' ? 0xFFFFu : 0xFFFFFFFFu);
	}
	return lo != (k[1] == '1' ? 0xFFFFu : 0xFFFFFFFFu);
}

/* heuristic_key is the ranking key of the vector (dx, dy) between two
 * cells: 985*max(|dx|,|dy|) + 408*min(|dx|,|dy|), an integer octile
 * distance. */
static int64_t heuristic_key(int64_t dx, int64_t dy)
{
	dx = dx < 0 ? -dx : dx, dy = dy < 0 ? -dy : dy;
	return dx > dy ? 985 * dx + 408 * dy : 985 * dy + 408 * dx;
}

/* symbol_move decodes heuristic symbol H_k of s toward to: s's out-edge
 * slots ranked by the key of the vector from the cell each leads to to
 * to's cell, lowest first, ties by lower slot; the slot of rank k, or
 * NOMOVE when s has fewer than k moves. O(degree^2). */
static uint32_t symbol_move(const struct table *t, uint32_t s, uint32_t to, uint32_t k)
{
	uint32_t lo = le32(t->bin[1] + 4 * s), hi = le32(t->bin[1] + 4 * s + 4);
	uint32_t ct = le32(t->bin[4] + 4 * to);
	int64_t tx = ct % t->width, ty = ct / t->width, key[16];
	if (hi - lo > 16 || k > hi - lo)
		return NOMOVE;
	for (uint32_t e = lo; e < hi; e++) {
		uint32_t cv = le32(t->bin[4] + 4 * le32(t->bin[2] + 4 * e));
		key[e - lo] = heuristic_key(tx - (int64_t)(cv % t->width), ty - (int64_t)(cv / t->width));
	}
	for (uint32_t j = 0; j < hi - lo; j++) {
		uint32_t rank = 1;
		for (uint32_t i = 0; i < hi - lo; i++)
			rank += key[i] < key[j] || (key[i] == key[j] && i < j);
		if (rank == k)
			return j;
	}
	return NOMOVE;
}

/* runs_move is a run-length table's first move from s toward t (a heuristic
 * symbol decoded to the slot it names; in a table whose rows wrap, a target
 * below the row's first start takes the row's last run): the move
 * of the last run of s's row whose start is at most t's rank, found by
 * binary search over the starts; NOMOVE when no run covers t, or s == t,
 * or the move is 0xF of 4 bits. The search stays inside the row whatever
 * the starts hold. O(log row length). */
static uint32_t runs_move(const struct table *t, uint32_t s, uint32_t to)
{
	if (s == to)
		return NOMOVE;
	const uint8_t *starts = t->bin[9];
	const uint8_t *moves = starts + (uint64_t)t->start_bytes * t->runs; /* after all the starts */
	uint32_t r = t->rank[s], key = t->rank[to];
	uint32_t lo = t->row_start[r], a = lo, b = t->row_start[r + 1], b_end = b;
	while (a < b) {
		uint32_t mid = a + (b - a) / 2;
		if (rank_at(t, starts, mid) <= key)
			a = mid + 1;
		else
			b = mid;
	}
	if (a == lo && (!t->wrap || b_end == lo))
		return NOMOVE;
	uint64_t i = a == lo ? b_end - 1 : a - 1; /* a wrapped row's last run, below its first start */
	uint32_t m = t->move_bits == 8 ? moves[i] : moves[i / 2] >> (4 * (i % 2)) & 0xF; /* even runs in the low half */
	if (t->move_bits == 4 && m == 0xF)
		return NOMOVE;
	if (t->symbols && m >= 8 && m <= 14)
		return symbol_move(t, s, to, m - 7);
	return m;
}

/* window_cell returns s's cell in to's window (row-major), or -1 when s
 * lies outside it. O(1). */
static long window_cell(const struct table *t, uint32_t s, uint32_t to)
{
	uint32_t cs = le32(t->bin[4] + 4 * s), ct = le32(t->bin[4] + 4 * to);
	long d = t->window, side = 2 * d + 1;
	long wx = (long)(cs % t->width) - (long)(ct % t->width) + d, wy = (long)(cs / t->width) - (long)(ct / t->width) + d;
	return wx < 0 || wy < 0 || wx >= side || wy >= side ? -1 : wy * side + wx;
}

/* window_move is a windowed table's first move from s toward t: the
 * direction stored in t's block for s's cell, as the slot of s's out-edge
 * to the neighbour in that direction; NOMOVE when s is outside t's window,
 * the cell holds no direction (0xF, or 8..14 in a damaged table), or s
 * has no such edge. O(degree of s). */
static uint32_t window_move(const struct table *t, uint32_t s, uint32_t to)
{
	long i = window_cell(t, s, to);
	if (i < 0)
		return NOMOVE;
	const uint8_t *block = t->bin[7] + to * window_block(t->window);
	uint32_t d = block[i / 2] >> (4 * (i % 2)) & 0xF, c = le32(t->bin[4] + 4 * s);
	if (d >= 8)
		return NOMOVE;
	long x = (long)(c % t->width) + DX[d], y = (long)(c / t->width) + DY[d];
	uint32_t lo = le32(t->bin[1] + 4 * s), hi = le32(t->bin[1] + 4 * s + 4);
	for (uint32_t e = lo; e < hi; e++) {
		uint32_t cv = le32(t->bin[4] + 4 * le32(t->bin[2] + 4 * e));
		if ((long)(cv % t->width) == x && (long)(cv / t->width) == y)
			return e - lo;
	}
	return NOMOVE;
}

/* move is the slot of the out-edge of s that starts the stored path to t,
 * or NOMOVE; a slot may still be out of range in a damaged table. */
static uint32_t move(const struct table *t, uint32_t s, uint32_t to)
{
	if (t->layout == RUNS)
		return runs_move(t, s, to);
	if (t->layout == WINDOW)
		return window_move(t, s, to);
	return t->bin[7][(uint64_t)to * t->nodes + s];
}

/* A cost sum adds up edge costs along a walked path as docs/FORMAT.md's one
 * rule says, for every layout that stores no distances: on "int" levels as
 * integers; on "octile" levels with an octile16 or octile32 dist_kind as
 * a + b*sqrt2, an integer cost adding to a, any other w round(w/sqrt2) to
 * b (load refused costs that are not k or k*sqrt2); otherwise in float64,
 * from the source on. */
enum sum_mode {
	FLOAT_SUM, /* float64, from the source on */
	EXACT_SUM, /* integer costs add to a, others round(w/sqrt2) to b */
};

struct cost {
	enum sum_mode mode;
	uint64_t a, b;
	double f;
};

static void cost_add(struct cost *c, double w)
{
	if (c->mode == FLOAT_SUM)
		c->f += w;
	else if (w == trunc(w))
		c->a += (uint64_t)w; /* below 2^31: checked at load */
	else
		c->b += (uint64_t)round(w / SQRT2);
}

/* cost_value is the sum: exact ones as a + b*sqrt2, rounded as Go does. */
static double cost_value(const struct cost *c)
{
	return c->mode == FLOAT_SUM ? c->f : (double)c->a + (double)c->b * SQRT2;
}

/* format_cost prints v as Go's strconv.FormatFloat(v, 'f', -1, 64): the
 * shortest decimal that reads back as v, never in exponent notation. */
static void format_cost(double v, char *out)
{
	char e[40], digits[20];
	int prec, nd = 0, exp;
	for (prec = 1; prec <= 17; prec++) {
		snprintf(e, sizeof e, "%.*e", prec - 1, v);
		if (strtod(e, NULL) == v)
			break;
	}
	for (char *s = e; *s != 'e'; s++) /* "d.ddde+XX" → digits, exp */
		if (*s >= '0' && *s <= '9')
			digits[nd++] = *s;
	exp = atoi(strchr(e, 'e') + 1);
	while (nd > 1 && digits[nd - 1] == '0')
		nd--;
	if (v == 0)
		exp = 0;
	char *o = out;
	if (exp < 0) {
		o += sprintf(o, "0.");
		for (int i = -1; i > exp; i--)
			*o++ = '0';
		memcpy(o, digits, nd), o += nd;
	} else {
		for (int i = 0; i <= exp || i < nd; i++) {
			if (i == exp + 1)
				*o++ = '.';
			*o++ = i < nd ? digits[i] : '0';
		}
	}
	*o = 0;
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: ptread TABLE FROM TO\n");
		return 2;
	}
	crc_init();
	struct table t = {0};
	msgpack_unpacked doc, hdr;
	msgpack_unpacked_init(&doc);
	msgpack_unpacked_init(&hdr);
	load(argv[1], &t, &doc, &hdr);
	uint32_t s = find(&t, argv[2], "FROM"), to = find(&t, argv[3], "TO");
	printf("%s -> %s", argv[2], argv[3]);
	int covered = t.layout != WINDOW || window_cell(&t, s, to) >= 0;

	/* Walk the first moves, adding up the costs where none are stored:
	 * O(path length) flat, times log(row length) run-length, times the
	 * degree windowed. A path of more nodes than the graph (or the
	 * window) has cells is a damaged table's cycle. */
	uint64_t limit = t.layout == WINDOW ? (2 * t.window + 1) * (2 * t.window + 1) : t.nodes;
	struct cost sum = {FLOAT_SUM, 0, 0, 0};
	if (!strcmp(t.metric, "int") || (!strcmp(t.metric, "octile") && strcmp(t.dist_kind, "f64")))
		sum.mode = EXACT_SUM;
	const uint8_t *offs = t.bin[1], *tgt = t.bin[2];
	uint32_t *path = malloc(sizeof *path * (limit + 1));
	uint32_t len = 0, ok = path != NULL;
	if (!ok)
		die("out of memory");
	path[len++] = s;
	for (uint32_t u = s; covered && u != to;) {
		uint32_t lo = le32(offs + 4 * u), deg = le32(offs + 4 * u + 4) - lo, m = move(&t, u, to);
		if (m >= deg || len >= limit) { /* NOMOVE is 0xFF, above every degree */
			ok = 0;
			break;
		}
		cost_add(&sum, weight(&t, lo + m));
		u = le32(tgt + 4 * (lo + m));
		path[len++] = u;
	}
	if (!covered) {
		printf(" not covered (outside the window of %s)\n", argv[3]);
	} else if (!ok) {
		printf(" no path\n");
	} else {
		char buf[400];
		double cost = cost_value(&sum);
		if (t.layout == FLAT)
			distance(&t, (uint64_t)to * t.nodes + s, &cost);
		format_cost(cost, buf);
		printf(" cost %s path", buf);
		for (uint32_t i = 0; i < len; i++) {
			putchar(' ');
			print_node(&t, path[i]);
		}
		putchar('\n');
	}
	free(path);
	free(t.rank);
	free(t.graph);
	msgpack_unpacked_destroy(&hdr);
	msgpack_unpacked_destroy(&doc);
	free(t.data);
	return fflush(stdout) ? 1 : 0;
}
