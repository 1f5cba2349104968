// PathTable.cs: a reader of pathtable's .ptab tables (docs/FORMAT.md,
// versions 1, 2 and 3; flat, windowed and run-length layouts; graph tables
// and grid tables that carry their cells) for Unity, Godot and any other
// C# runtime. One file, C# 7.2 and .NET Standard 2.0, no dependencies: its
// own msgpack subset decoder and CRC-32C. It checks everything FORMAT.md's
// "What a reader must check" lists, as the Go reader (package table) does,
// and answers queries as package lookup does, without allocating.
//
//   var t = PathTable.Table.Open("level.ptab");
//   int s = t.NodeAt(3, 4), g = t.NodeAt(10, 12);
//   var path = new int[t.MaxPathLength];
//   int k = t.Path(s, g, path, out double cost);   // 0: no path
//
// A Table is immutable after Open: queries may run on any number of
// threads at once.

using System;
using System.Collections.Generic;
using System.IO;
using System.Text;

namespace PathTable
{
    /// <summary>What kind of fault refused a table.</summary>
    public enum TableError
    {
        /// <summary>The bytes do not start as a table does (the magic).</summary>
        NotTable,
        /// <summary>A format version this reader does not read.</summary>
        Version,
        /// <summary>A length runs past the end of the file.</summary>
        Truncated,
        /// <summary>A field or payload breaks the format's rules.</summary>
        Corrupt,
        /// <summary>The stored CRC-32C is not the bins' CRC-32C.</summary>
        Checksum,
        /// <summary>The file could not be read.</summary>
        Io,
    }

    /// <summary>The one exception Open throws: its message names the file,
    /// the element and the value at fault.</summary>
    public sealed class PathTableException : Exception
    {
        /// <summary>What kind of fault it is.</summary>
        public TableError Error { get; private set; }

        public PathTableException(TableError error, string message) : base(message) { Error = error; }

        internal PathTableException(TableError error, string message, Exception inner) : base(message, inner) { Error = error; }
    }

    /// <summary>How a table stores its first moves.</summary>
    public enum Layout
    {
        /// <summary>All pairs, first moves and distances: O(1) a step.</summary>
        Flat,
        /// <summary>First moves of the cells within a window of each target; no distances.</summary>
        Window,
        /// <summary>First moves run-length encoded per source; no distances.</summary>
        Runs,
    }

    /// <summary>Why Step gave, or did not give, a next node (package lookup's
    /// StepReason, without Blocked: this reader has no overlays).</summary>
    public enum StepReason
    {
        /// <summary>A next node on a shortest path.</summary>
        OK,
        /// <summary>from is the goal.</summary>
        Arrived,
        /// <summary>The goal cannot be reached from from (or the table is damaged there).</summary>
        NoPath,
        /// <summary>from or the goal is not a node.</summary>
        OutOfRange,
        /// <summary>A windowed table does not cover the pair.</summary>
        NotCovered,
    }

    /// <summary>One loaded table. Open validates it whole; every query after
    /// that allocates nothing and never throws on any int argument.</summary>
    public sealed class Table
    {
        const string Magic = "PATHTABL";
        const byte NoMove = 0xFF;
        const int MaxDegree = 254;
        const long MaxPayload = 0xFFFFFFFFL; // a bin32 holds at most 2^32-1 bytes
        const long MaxFlatNodes = 46340;
        const long MaxCells = 1L << 24;
        const int MaxWindow = 127;
        const double Sqrt2 = 1.4142135623730951;
        const int MaxHeaderDepth = 32;

        static readonly int[] DX = { 0, 1, 1, 1, 0, -1, -1, -1 };
        static readonly int[] DY = { -1, -1, 0, 1, 1, 1, 0, -1 };

        readonly byte[] data; // the whole file; the payload bins are read in place

        // The graph: CSR, as version 1 stores it (decoded, or rebuilt from a
        // version 3 table's cells).
        int[] offsets, targets, cells;
        double[] weights;
        double[] xs, ys; // graph coordinates, or null
        string[] names;  // graphs: the node ids; null for grids
        Dictionary<string, int> byName;
        int[] nodeOfCell; // grids: cell -> node, -1 for no node

        // Flat: first moves and distances in data.
        int firstOff, distOff, distWidth;
        DistKindCode distKind;
        // Windowed: blocks of blockBytes in data at firstOff.
        int side, blockBytes;
        // Run-length.
        int[] rank, rowStart;
        int[] cellX, cellY; // grids: each node's cell, divided once at load
        byte[] dirSlot;     // grids: dirSlot[8u+d], the slot of u's edge in direction d, or NoMove
        // Run-length walks in rank space, as package lookup's: order[r] is
        // the node of rank r, hopR[r<<hopShift | m] the rank move m leads
        // to (-1: no such edge), xyR and dirR the cell and dirSlot by rank.
        int[] order, hopR, xyR;
        byte[] dirR;
        int hopShift;
        int startBytes, moveBits, runsOff, movesOff, runCount;
        // packed: a "runs12x4" encoding, a run one little-endian uint16,
        // start << 4 | move (docs/FORMAT.md "12-bit run starts").
        bool packed;
        bool symbols, wrap, boxEnc, comps, jumps;
        // A j encoding's jump set of each node, a bit per direction; null otherwise.
        byte[] jumpSet;
        // A c encoding's component of each rank, as its first rank; null otherwise.
        int[] compR;
        // A b encoding's summed-area table of open cells: boxSum[y*(Width+1)+x]
        // counts the nodes in [0,x) x [0,y), for BoxOpen in O(1); null otherwise.
        int[] boxSum;

        bool exactSum; // walked costs add as a + b*sqrt2 (or integers), not in float64

        enum DistKindCode { U16, U32, U64, Octile16, Octile32, F64 }

        /// <summary>The format version of the file: 1, 2 or 3.</summary>
        public int Version { get; private set; }
        /// <summary>The table's layout.</summary>
        public Layout Layout { get; private set; }
        /// <summary>The number of nodes; node ids are 0 to NodeCount-1.</summary>
        public int NodeCount { get; private set; }
        /// <summary>The number of directed edges.</summary>
        public int EdgeCount { get; private set; }
        /// <summary>True for a grid table (nodes are cells "x,y"), false for a graph.</summary>
        public bool IsGrid { get; private set; }
        /// <summary>Grid width in cells; 0 for graphs.</summary>
        public int Width { get; private set; }
        /// <summary>Grid height in cells; 0 for graphs.</summary>
        public int Height { get; private set; }
        /// <summary>Grids: 4 or 8; 0 for graphs.</summary>
        public int Connect { get; private set; }
        /// <summary>Grids: "sqrt2" or "10/14"; "" for graphs.</summary>
        public string Diagonal { get; private set; }
        /// <summary>The human-readable movement model, e.g. "8-connected, sqrt2 diagonals, no corner cutting".</summary>
        public string Model { get; private set; }
        /// <summary>"int", "octile" or "float": what the edge costs are.</summary>
        public string Metric { get; private set; }
        /// <summary>The distance encoding: u16, u32, u64, octile16, octile32 or f64.</summary>
        public string DistKind { get; private set; }
        /// <summary>The first-move encoding: u8, window4 or one of the runs encodings.</summary>
        public string FirstEnc { get; private set; }
        /// <summary>A windowed table's DELTA; 0 for other layouts.</summary>
        public int Window { get; private set; }
        /// <summary>The side of the square agent the grid was built for: 1, or the header's clearance.</summary>
        public int Agent { get; private set; }
        /// <summary>The most nodes a path can have: a buffer this long always holds a whole path.</summary>
        public int MaxPathLength { get; private set; }

        Table(byte[] data) { this.data = data; }

        // ---------------------------------------------------------------- open

        /// <summary>Reads and validates the table file at path. O(file size);
        /// it holds the file's bytes plus the graph (about 16 bytes an edge).
        /// Throws PathTableException naming the file on any fault.</summary>
        public static Table Open(string path)
        {
            byte[] b;
            try
            {
                b = File.ReadAllBytes(path);
            }
            catch (Exception e)
            {
                throw new PathTableException(TableError.Io, path + ": " + e.Message, e);
            }
            try
            {
                return Open(b);
            }
            catch (PathTableException e)
            {
                throw new PathTableException(e.Error, path + ": " + e.Message, e);
            }
        }

        /// <summary>Validates the table in bytes and keeps them (do not change
        /// them afterwards): the payloads are read in place. O(bytes.Length),
        /// and O(width·height) more for a version 3 grid's rebuilt graph.
        /// Throws PathTableException on any fault.</summary>
        public static Table Open(byte[] bytes)
        {
            if (bytes == null)
                throw new ArgumentNullException("bytes");
            var t = new Table(bytes);
            t.Load();
            return t;
        }

        static PathTableException Corrupt(string what)
        {
            return new PathTableException(TableError.Corrupt, "corrupt table: " + what);
        }

        static PathTableException Truncated(string what)
        {
            return new PathTableException(TableError.Truncated, "truncated table: " + what);
        }

        // Header fields, as decoded.
        sealed class Header
        {
            public string Kind = "", Metric = "", DistKind = "", FirstEnc = "", Model = "", Diagonal = "", Layout = "";
            public long Nodes, Edges, Width, Height, Connect, Window, Runs, Clearance, RowBytes;
            public string[] Names;
            public byte[][] NameBytes;
        }

        void Load()
        {
            var rd = new MsgReader(data, 0, data.Length);
            // 1. Magic: an array of at least 2 elements whose first is "PATHTABL".
            long count;
            if (!rd.TryArrayHead(out count) || count < 2 || !rd.TryMagic(Magic))
                throw new PathTableException(TableError.NotTable, "not a pathtable table (bad magic)");
            // 2. Version.
            ulong version;
            if (!rd.TryUint(out version))
                throw Corrupt("version is not an unsigned integer");
            if (version < 1 || version > 3)
                throw new PathTableException(TableError.Version, "unsupported table format version " + version + " (this reader reads 1, 2 and 3)");
            Version = (int)version;
            bool v3 = version == 3;
            // 3. Shape: 12 elements (13 run-length, version 2 only); version 3: 8 or 9.
            if (v3 ? count != 8 && count != 9 : count != 12 && (version != 2 || count != 13))
                throw Corrupt("wrong number of document elements: " + count + " in format version " + version);
            bool runsDoc = count == 13 || count == 9;

            // The header bin, decoded and checked before any other bin is read.
            int hOff, hLen;
            ReadBin(ref rd, "header", out hOff, out hLen);
            var h = DecodeHeader(hOff, hLen);
            CheckHeader(h, Version);
            if ((Layout == Layout.Runs) != runsDoc)
                throw Corrupt("layout " + Quote(h.Layout) + " does not match the " + count + " document elements");

            uint crc = Crc32C.Update(0, data, hOff, hLen);
            long n = h.Nodes, m = h.Edges;
            string[] binNames;
            long[] want;
            int levelBins = v3 ? 2 : 6;
            if (v3)
                binNames = runsDoc ? new[] { "open", "costs", "order", "rows", "runs" } : new[] { "open", "costs", "first", "dist" };
            else
                binNames = runsDoc
                    ? new[] { "offsets", "targets", "weights", "cells", "x", "y", "order", "rows", "runs" }
                    : new[] { "offsets", "targets", "weights", "cells", "x", "y", "first", "dist" };
            want = new long[binNames.Length];
            if (v3)
            {
                want[0] = (h.Width * h.Height + 7) / 8;
                want[1] = -1; // 0 or ceil(n/2)
            }
            else
            {
                want[0] = 4 * (n + 1);
                want[1] = 4 * m;
                want[2] = 8 * m;
                want[3] = IsGrid ? 4 * n : 0;
                want[4] = -2; // 0 or 8n
                want[5] = -3; // as x
            }
            int p = levelBins;
            if (Layout == Layout.Flat)
            {
                want[p] = n * n;
                want[p + 1] = n * n * distWidth;
            }
            else if (Layout == Layout.Window)
            {
                want[p] = n * blockBytes;
                want[p + 1] = 0;
            }
            else
            {
                want[p] = startBytes * n;
                want[p + 1] = v3 ? h.RowBytes * n : 4 * (n + 1);
                want[p + 2] = packed ? 2 * h.Runs : startBytes * h.Runs + (moveBits * h.Runs + 7) / 8;
            }
            var off = new int[binNames.Length];
            var len = new int[binNames.Length];
            for (int i = 0; i < binNames.Length; i++)
            {
                int bo, bl;
                ReadBinHead(ref rd, binNames[i], out bo, out bl);
                long w = want[i];
                if (w == -1)
                    w = bl == 0 ? 0 : (n + 1) / 2;
                else if (w == -2)
                    w = bl == 0 ? 0 : 8 * n;
                else if (w == -3)
                    w = len[i - 1];
                if (bl != w)
                    throw Corrupt(binNames[i] + " has " + bl + " bytes, the header says " + w);
                if (bl > rd.Left)
                    throw Truncated(binNames[i] + " declares " + bl + " bytes, " + rd.Left + " remain");
                rd.Pos += bl;
                off[i] = bo;
                len[i] = bl;
                crc = Crc32C.Update(crc, data, bo, bl);
            }
            // 7. Checksum: the last element, and nothing after it.
            ulong sum;
            if (rd.Left == 0)
                throw Truncated("no checksum");
            if (!rd.TryUint(out sum) || sum > 0xFFFFFFFFUL)
                throw Corrupt("the checksum is not a uint32");
            if (sum != crc)
                throw new PathTableException(TableError.Checksum, "table checksum mismatch (file corrupt): stored " + ((uint)sum).ToString("x8") + ", computed " + crc.ToString("x8"));
            if (rd.Left != 0)
                throw Corrupt(rd.Left + " bytes after the checksum");
            // A b encoding is exact only where every cell costs 1 (CheckHeader
            // has held it to a version 3 grid: it has symbols).
            if (boxEnc && moveBits != 0 && len[1] != 0)
                throw Corrupt("first-move encoding " + Quote(h.FirstEnc) + " answers open boxes by H_1, which needs every cell to cost 1, and the costs bin has " + len[1] + " bytes");

            // 8. The graph, decoded or rebuilt, and the arrays queries index by.
            if (v3)
                Rebuild(off[0], len[0], off[1], len[1]);
            else
                DecodeGraph(off, len);
            CheckGraph();
            if (Layout == Layout.Flat)
            {
                firstOff = off[p];
                distOff = off[p + 1];
            }
            else if (Layout == Layout.Window)
                firstOff = off[p];
            else
                CheckRuns(h, off[p], off[p + 1], off[p + 2], v3);
            if (IsGrid)
            {
                nodeOfCell = new int[Width * Height];
                for (int c = 0; c < nodeOfCell.Length; c++)
                    nodeOfCell[c] = -1;
                for (int u = 0; u < NodeCount; u++)
                    nodeOfCell[cells[u]] = u;
                cellX = new int[NodeCount];
                cellY = new int[NodeCount];
                for (int u = 0; u < NodeCount; u++)
                {
                    cellX[u] = cells[u] % Width;
                    cellY[u] = cells[u] / Width;
                }
                // Each node's moves by direction, the first edge to each
                // neighbour: what windowed first moves and symbols name.
                dirSlot = new byte[8 * NodeCount];
                for (int i = 0; i < dirSlot.Length; i++)
                    dirSlot[i] = NoMove;
                for (int u = 0; u < NodeCount; u++)
                    for (int e = offsets[u]; e < offsets[u + 1]; e++)
                    {
                        int dx = cellX[targets[e]] - cellX[u], dy = cellY[targets[e]] - cellY[u];
                        int d = Direction(dx, dy);
                        if (d >= 0 && dirSlot[8 * u + d] == NoMove)
                            dirSlot[8 * u + d] = (byte)(e - offsets[u]);
                    }
                if (jumps)
                    BuildJumpSets();
            }
            if (Layout == Layout.Runs)
                BuildRankWalk();
            if (Layout == Layout.Runs && boxEnc)
                BuildBoxes();
            MaxPathLength = Layout == Layout.Window ? side * side : Math.Max(NodeCount, 1);
        }

        // ReadBin reads a bin's head and skips its contents, checking its
        // length against the bytes that remain.
        void ReadBin(ref MsgReader rd, string name, out int off, out int len)
        {
            ReadBinHead(ref rd, name, out off, out len);
            if (len > rd.Left)
                throw Truncated(name + " declares " + len + " bytes, " + rd.Left + " remain");
            rd.Pos += len;
        }

        static void ReadBinHead(ref MsgReader rd, string name, out int off, out int len)
        {
            if (rd.Left == 0)
                throw Truncated("the file ends before " + name);
            long l;
            int r = rd.TryBinHead(out l);
            if (r < 0)
                throw Truncated("the file ends inside " + name + "'s length");
            if (r == 0)
                throw Corrupt(name + " is not a bin");
            if (l > rd.Left)
                throw Truncated(name + " declares " + l + " bytes, " + rd.Left + " remain");
            off = rd.Pos;
            len = (int)l;
        }

        // ------------------------------------------------------------- header

        Header DecodeHeader(int off, int len)
        {
            var h = new Header();
            var rd = new MsgReader(data, off, off + len);
            try
            {
                HeaderMap(ref rd, h);
            }
            catch (MsgException e)
            {
                throw Corrupt("header: " + e.Message);
            }
            if (rd.Left != 0)
                throw Corrupt("header: " + rd.Left + " bytes after the map");
            return h;
        }

        static readonly string[] HeaderKeys = {
            "kind", "nodes", "edges", "width", "height", "names", "metric", "dist_kind", "first_enc", "model",
            "connect", "diagonal", "source", "format", "input_hash", "layout", "window", "runs", "clearance", "row_bytes" };

        void HeaderMap(ref MsgReader rd, Header h)
        {
            long n = rd.MapHead();
            if (n > rd.Left / 2)
                throw new MsgException("a map declares " + n + " entries, " + rd.Left + " bytes remain");
            uint seen = 0;
            for (long i = 0; i < n; i++)
            {
                int known = rd.Key(HeaderKeys, 2);
                if (known < 0)
                {
                    rd.Skip(2);
                    continue;
                }
                string key = HeaderKeys[known];
                if ((seen & (1u << known)) != 0)
                    throw new MsgException("key " + Quote(key) + " twice");
                seen |= 1u << known;
                switch (key)
                {
                    case "kind": h.Kind = rd.Str(key); break;
                    case "metric": h.Metric = rd.Str(key); break;
                    case "dist_kind": h.DistKind = rd.Str(key); break;
                    case "first_enc": h.FirstEnc = rd.Str(key); break;
                    case "model": h.Model = rd.Str(key); break;
                    case "diagonal": h.Diagonal = rd.Str(key); break;
                    case "source": rd.Str(key); break;
                    case "format": rd.Str(key); break;
                    case "input_hash": rd.Str(key); break;
                    case "layout": h.Layout = rd.Str(key); break;
                    case "nodes": h.Nodes = rd.Int(key); break;
                    case "edges": h.Edges = rd.Int(key); break;
                    case "width": h.Width = rd.Int(key); break;
                    case "height": h.Height = rd.Int(key); break;
                    case "connect": h.Connect = rd.Int(key); break;
                    case "window": h.Window = rd.Int(key); break;
                    case "runs": h.Runs = rd.Int(key); break;
                    case "clearance": h.Clearance = rd.Int(key); break;
                    case "row_bytes": h.RowBytes = rd.Int(key); break;
                    case "names": rd.Names(h); break;
                }
            }
        }

        static int DistWidth(string k)
        {
            switch (k)
            {
                case "u16": return 2;
                case "u32": case "octile16": return 4;
                case "u64": case "octile32": case "f64": return 8;
            }
            return 0;
        }

        static readonly string[] RunEncodings = {
            "runs16x4", "runs16x8", "runs32x4", "runs32x8", "runs16x4h", "runs16x8h", "runs32x4h", "runs32x8h",
            "runs16x4hw", "runs16x8hw", "runs32x4hw", "runs32x8hw",
            "runs16x4hc", "runs16x8hc", "runs32x4hc", "runs32x8hc" };

        // CheckHeader checks the header's fields against each other, as the
        // Go decoder does, and sets the table's properties from them.
        void CheckHeader(Header h, int version)
        {
            long n = h.Nodes;
            switch (h.Layout)
            {
                case "": Layout = Layout.Flat; break;
                case "window": Layout = Layout.Window; break;
                case "runs": Layout = Layout.Runs; break;
                default: throw Corrupt("unknown layout " + Quote(h.Layout));
            }
            distWidth = DistWidth(h.DistKind);
            if (distWidth == 0)
                throw Corrupt("unknown distance encoding " + Quote(h.DistKind));
            if (Layout == Layout.Flat && (n > MaxFlatNodes || n * n * distWidth > MaxPayload))
                throw Corrupt(n + " nodes: too many for a flat table");
            if (Layout == Layout.Window)
            {
                if (h.Window < 1 || h.Window > MaxWindow)
                    throw Corrupt("window " + h.Window + ", want 1 to " + MaxWindow);
                side = (int)(2 * h.Window + 1);
                blockBytes = (side * side + 1) / 2;
                if (n > MaxCells || n * blockBytes > MaxPayload)
                    throw Corrupt(n + " nodes: too many for a window of " + h.Window);
            }
            if (Layout == Layout.Runs && (n > MaxCells || h.Runs > MaxPayload / 4))
                throw Corrupt(n + " nodes and " + h.Runs + " runs: too many for a run-length table");
            if (Layout == Layout.Runs)
            {
                // A "b" (box) after h, hw or hc: the encoding without it, and
                // open boxes answered by H_1. A "c" after h: rows that wrap
                // within their source's component, a target in another one
                // no path (docs/FORMAT.md "Rows that cover their component").
                string enc = h.FirstEnc;
                // A "j" last: J, not H_7, in move 14, J_2, not H_6, in 13 (docs/FORMAT.md "The
                // jump move J"); only after a symbol encoding.
                if (enc.EndsWith("j", StringComparison.Ordinal))
                {
                    enc = enc.Substring(0, enc.Length - 1);
                    jumps = true;
                }
                if (enc.EndsWith("hb", StringComparison.Ordinal) || enc.EndsWith("hwb", StringComparison.Ordinal) || enc.EndsWith("hcb", StringComparison.Ordinal))
                {
                    enc = enc.Substring(0, enc.Length - 1);
                    boxEnc = true;
                }
                // "runs12x4" and a symbol form: runs16x4's, its starts in 12 bits.
                if (enc.StartsWith("runs12x4h", StringComparison.Ordinal))
                {
                    enc = "runs16x4" + enc.Substring(8);
                    packed = true;
                }
                for (int i = 0; i < RunEncodings.Length; i++)
                    if (enc == RunEncodings[i] && i != 5 && i != 9 && i != 13) // no runs16x8h, runs16x8hw, runs16x8hc
                    {
                        startBytes = i % 4 < 2 ? 2 : 4;
                        moveBits = i % 2 == 1 ? 8 : 4;
                        symbols = i >= 4;
                        wrap = i >= 8;
                        comps = i >= 12;
                    }
                if (jumps && !symbols)
                    moveBits = 0; // refused below by name
                if (symbols && (h.Kind != "grid" || version != 3))
                    throw Corrupt("first-move encoding " + Quote(h.FirstEnc) + ": heuristic symbols in a table that is not a version 3 grid");
            }
            bool badEnc = Layout == Layout.Window ? h.FirstEnc != "window4" || h.Kind != "grid"
                : h.Window != 0 ? true
                : Layout == Layout.Runs ? moveBits == 0
                : h.FirstEnc != "u8";
            if (badEnc)
                throw Corrupt("first-move encoding " + Quote(h.FirstEnc) + " or window " + h.Window + " do not fit layout " + Quote(h.Layout));
            if (Layout == Layout.Runs && startBytes == 2 && n > 65536)
                throw Corrupt("16-bit run starts in a table of " + n + " nodes");
            if (Layout == Layout.Runs && packed && n > 4096)
                throw Corrupt("12-bit run starts in a table of " + n + " nodes");
            if (Layout != Layout.Runs && h.Runs != 0)
                throw Corrupt("a run count (" + h.Runs + ") in a table of another layout");
            if (Layout == Layout.Runs && version == 3 ? h.RowBytes != 1 && h.RowBytes != 2 && h.RowBytes != 4 : h.RowBytes != 0)
                throw Corrupt("row_bytes " + h.RowBytes + ": not 1, 2 or 4 in a version 3 run-length table, or present in another");
            if (h.Edges > n * MaxDegree)
                throw Corrupt(h.Edges + " edges for " + n + " nodes");
            string k = h.DistKind;
            bool metricOK;
            switch (h.Metric)
            {
                case "int": metricOK = k == "u16" || k == "u32" || k == "u64"; break;
                case "octile": metricOK = k == "octile16" || k == "octile32" || k == "f64"; break;
                case "float": metricOK = k == "f64"; break;
                default: throw Corrupt("unknown metric " + Quote(h.Metric));
            }
            if (!metricOK)
                throw Corrupt("metric " + Quote(h.Metric) + " with distance encoding " + Quote(k));
            if (h.Kind == "grid")
            {
                if (h.Width <= 0 || h.Height <= 0 || h.Width > MaxCells || h.Height > MaxCells || h.Width * h.Height > MaxCells)
                    throw Corrupt("grid size " + h.Width + "x" + h.Height);
                if (h.Names != null)
                    throw Corrupt("grid table has node names");
                if (h.Connect != 4 && h.Connect != 8)
                    throw Corrupt("grid connectivity " + h.Connect + ", want 4 or 8");
                if (h.Diagonal != "sqrt2" && h.Diagonal != "10/14")
                    throw Corrupt("grid diagonal " + Quote(h.Diagonal) + ", want \"sqrt2\" or \"10/14\"");
                if (h.Clearance == 1 || h.Clearance > Math.Min(h.Width, h.Height))
                    throw Corrupt("clearance " + h.Clearance + " on a " + h.Width + "x" + h.Height + " grid");
            }
            else if (h.Kind == "graph")
            {
                if (h.Width != 0 || h.Height != 0 || h.Connect != 0 || h.Diagonal != "" || h.Clearance != 0)
                    throw Corrupt("graph table has grid fields (width " + h.Width + ", height " + h.Height + ", connect " + h.Connect + ", diagonal " + Quote(h.Diagonal) + ", clearance " + h.Clearance + ")");
                long have = h.Names == null ? 0 : h.Names.Length;
                if (have != n)
                    throw Corrupt("graph table names " + have + " of " + n + " nodes");
                byName = new Dictionary<string, int>((int)n, StringComparer.Ordinal);
                for (int u = 0; u < n; u++)
                {
                    int v;
                    if (byName.TryGetValue(h.Names[u], out v))
                    {
                        if (SameBytes(h.NameBytes[v], h.NameBytes[u]))
                            throw Corrupt("nodes " + v + " and " + u + " have the same name " + Quote(h.Names[u]));
                        continue; // names that differ only in bytes that are not UTF-8
                    }
                    byName.Add(h.Names[u], u);
                }
                names = h.Names ?? new string[0];
            }
            else
                throw Corrupt("unknown kind " + Quote(h.Kind));
            if (version == 3 ? h.Kind != "grid" : (Layout == Layout.Flat ? 1 : 2) != version)
                throw Corrupt("layout " + Quote(h.Layout) + " of kind " + Quote(h.Kind) + " in format version " + version);

            IsGrid = h.Kind == "grid";
            NodeCount = (int)n;
            EdgeCount = (int)h.Edges;
            Width = (int)h.Width;
            Height = (int)h.Height;
            Connect = (int)h.Connect;
            Diagonal = h.Diagonal;
            Model = h.Model;
            Metric = h.Metric;
            DistKind = h.DistKind;
            FirstEnc = h.FirstEnc;
            Window = (int)h.Window;
            Agent = h.Clearance > 1 ? (int)h.Clearance : 1;
            runCount = (int)h.Runs;
            switch (k)
            {
                case "u16": distKind = DistKindCode.U16; break;
                case "u32": distKind = DistKindCode.U32; break;
                case "u64": distKind = DistKindCode.U64; break;
                case "octile16": distKind = DistKindCode.Octile16; break;
                case "octile32": distKind = DistKindCode.Octile32; break;
                default: distKind = DistKindCode.F64; break;
            }
            exactSum = h.Metric == "int" || (h.Metric == "octile" && k != "f64");
        }

        static bool SameBytes(byte[] a, byte[] b)
        {
            if (a.Length != b.Length)
                return false;
            for (int i = 0; i < a.Length; i++)
                if (a[i] != b[i])
                    return false;
            return true;
        }

        // -------------------------------------------------------------- graph

        void DecodeGraph(int[] off, int[] len)
        {
            int n = NodeCount, m = EdgeCount;
            offsets = new int[n + 1];
            for (int u = 0; u <= n; u++)
                offsets[u] = (int)Le32(off[0] + 4 * u);
            targets = new int[m];
            weights = new double[m];
            for (int e = 0; e < m; e++)
            {
                targets[e] = (int)Math.Min(Le32(off[1] + 4 * e), int.MaxValue);
                weights[e] = BitConverter.Int64BitsToDouble((long)Le64(off[2] + 8 * e));
            }
            if (IsGrid)
            {
                cells = new int[n];
                for (int u = 0; u < n; u++)
                    cells[u] = (int)Math.Min(Le32(off[3] + 4 * u), int.MaxValue);
            }
            if (len[4] != 0)
            {
                xs = new double[n];
                ys = new double[n];
                for (int u = 0; u < n; u++)
                {
                    xs[u] = BitConverter.Int64BitsToDouble((long)Le64(off[4] + 8 * u));
                    ys[u] = BitConverter.Int64BitsToDouble((long)Le64(off[5] + 8 * u));
                }
            }
            // offsets as stored: checked in CheckGraph as unsigned values
            if (Le32(off[0]) != 0 || Le32(off[0] + 4 * n) != (uint)m)
                throw Corrupt("offsets do not span the " + m + " edges");
            for (int u = 0; u < n; u++)
            {
                uint a = Le32(off[0] + 4 * u), b = Le32(off[0] + 4 * u + 4);
                if (b < a || b - a > MaxDegree)
                    throw Corrupt("node " + u + " has out-degree " + ((long)b - a) + ", want 0 to " + MaxDegree);
            }
        }

        // Rebuild makes a version 3 table's graph from its cells by the grid
        // rules (internal/gridgraph). O(width·height).
        void Rebuild(int openOff, int openLen, int costOff, int costLen)
        {
            long w = Width, ht = Height, ncells = w * ht;
            int n = NodeCount;
            if (ncells % 8 != 0 && (data[openOff + openLen - 1] >> (int)(ncells % 8)) != 0)
                throw Corrupt("open: bits set past the " + ncells + " cells");
            long count = 0;
            for (int i = 0; i < openLen; i++)
                count += PopCount(data[openOff + i]);
            if (count != n)
                throw Corrupt("open: " + count + " open cells, the header says " + n + " nodes");
            if (costLen != 0 && n % 2 == 1 && (data[costOff + costLen - 1] >> 4) != 0)
                throw Corrupt("costs: the padding half of the last byte is not 0");
            var cost = new byte[ncells];
            var node = new int[ncells];
            for (int c = 0, u = 0; c < ncells; c++)
            {
                node[c] = -1;
                if (((data[openOff + c / 8] >> (c % 8)) & 1) == 0)
                    continue;
                int k = costLen != 0 ? (data[costOff + u / 2] >> (4 * (u % 2))) & 0xF : 1;
                if (k == 0 || k > 9)
                    throw Corrupt("costs: node " + u + " costs " + k + ", want 1 to 9");
                cost[c] = (byte)k;
                node[c] = u++;
            }
            bool c1014 = Diagonal == "10/14";
            long e = 0;
            for (int pass = 0; pass < 2; pass++)
            {
                if (pass == 1)
                {
                    if (e != EdgeCount)
                        throw Corrupt("the cells make " + e + " edges, the header says " + EdgeCount);
                    offsets = new int[n + 1];
                    targets = new int[e];
                    weights = new double[e];
                    cells = new int[n];
                    e = 0;
                }
                for (int c = 0, u = 0; c < ncells; c++)
                {
                    if (node[c] < 0)
                        continue;
                    int x = (int)(c % w), y = (int)(c / w);
                    if (pass == 1)
                    {
                        offsets[u] = (int)e;
                        cells[u] = c;
                    }
                    for (int d = 0; d < 8; d++)
                    {
                        bool diag = DX[d] != 0 && DY[d] != 0;
                        if (diag && Connect == 4)
                            continue;
                        int nx = x + DX[d], ny = y + DY[d];
                        if (nx < 0 || ny < 0 || nx >= w || ny >= ht || cost[ny * w + nx] == 0)
                            continue;
                        if (diag && (cost[y * w + nx] == 0 || cost[ny * w + x] == 0))
                            continue; // no corner cutting
                        if (pass == 1)
                        {
                            int k = cost[ny * w + nx];
                            targets[e] = node[ny * w + nx];
                            weights[e] = c1014 ? (double)(k * (diag ? 14 : 10)) : diag ? (double)k * Sqrt2 : (double)k;
                        }
                        e++;
                    }
                    u++;
                }
            }
            offsets[n] = (int)e;
        }

        static int PopCount(int b)
        {
            int c = 0;
            for (; b != 0; b &= b - 1)
                c++;
            return c;
        }

        // CheckGraph checks the arrays queries index by: targets, weights
        // against the metric, cells. O(V + E).
        void CheckGraph()
        {
            int n = NodeCount;
            for (int e = 0; e < targets.Length; e++)
                if (targets[e] < 0 || targets[e] >= n)
                    throw Corrupt("edge " + e + " points to node " + targets[e] + " of " + n);
            bool ints = Metric == "int", octile = Metric == "octile";
            for (int e = 0; e < weights.Length; e++)
            {
                double wt = weights[e];
                if (!(wt >= 0) || double.IsInfinity(wt))
                    throw Corrupt("edge " + e + " has cost " + wt.ToString("R", System.Globalization.CultureInfo.InvariantCulture));
                bool whole = wt == Math.Truncate(wt) && wt < 2147483648.0;
                double k = Math.Round(wt / Sqrt2, MidpointRounding.AwayFromZero);
                if ((ints && !whole) || (octile && !whole && !(k < 2147483648.0 && k * Sqrt2 == wt)))
                    throw Corrupt("edge " + e + " has cost " + wt.ToString("R", System.Globalization.CultureInfo.InvariantCulture) + " in a level of " + Metric + " costs");
            }
            if (IsGrid)
            {
                long ncells = (long)Width * Height;
                for (int u = 0; u < n; u++)
                    if (cells[u] < 0 || cells[u] >= ncells || (u > 0 && cells[u] <= cells[u - 1]))
                        throw Corrupt("cells: node " + u + " at cell " + cells[u] + " (cells ascend, each below " + ncells + ")");
            }
        }

        // ComponentStarts returns, by rank, the first rank of the component
        // of that rank's node: union-find over the edges, each taken either
        // way, then one pass by rank that refuses a component whose ranks
        // are not consecutive. O((V + E) log V) at worst.
        int[] ComponentStarts()
        {
            int n = NodeCount;
            int[] root = new int[n], start = new int[n];
            var byNode = new int[n];
            for (int u = 0; u < n; u++)
                root[u] = u;
            for (int u = 0; u < n; u++)
                for (int e = offsets[u]; e < offsets[u + 1]; e++)
                {
                    int a = Find(root, u), b = Find(root, targets[e]);
                    if (a != b)
                        root[Math.Max(a, b)] = Math.Min(a, b);
                }
            for (int u = 0; u < n; u++)
                byNode[rank[u]] = u;
            var seen = new bool[n];
            int prev = -1;
            for (int r = 0; r < n; r++)
            {
                int c = Find(root, byNode[r]);
                if (c == prev)
                {
                    start[r] = start[r - 1];
                    continue;
                }
                if (seen[c])
                    throw Corrupt("order: the component of node " + byNode[r] + " comes back at rank " + r + " after other nodes; its ranks must be consecutive");
                seen[c] = true;
                start[r] = r;
                prev = c;
            }
            return start;
        }

        static int Find(int[] root, int u)
        {
            while (root[u] != u)
                u = root[u] = root[root[u]];
            return u;
        }

        // CheckRuns checks a run-length table's order and rows and derives
        // rank and rowStart. O(n).
        void CheckRuns(Header h, int orderOff, int rowsOff, int runsBin, bool rowCounts)
        {
            int n = NodeCount;
            rank = new int[n];
            for (int u = 0; u < n; u++)
                rank[u] = -1;
            for (int r = 0; r < n; r++)
            {
                long u = startBytes == 2 ? Le16(orderOff + 2 * r) : Le32(orderOff + 4 * r);
                if (u >= n || rank[u] >= 0)
                    throw Corrupt("order is not a permutation of the nodes: rank " + r + " is node " + u);
                rank[u] = r;
            }
            if (comps)
                compR = ComponentStarts();
            rowStart = new int[n + 1];
            long runs = h.Runs;
            if (rowCounts)
            {
                long sum = 0;
                long wb = h.RowBytes;
                for (int r = 0; r < n; r++)
                {
                    sum += wb == 1 ? data[rowsOff + r] : wb == 2 ? Le16(rowsOff + 2 * r) : Le32(rowsOff + 4 * r);
                    if (sum > runs)
                        throw Corrupt("rows hold more runs than the header's " + runs + " by row " + r);
                    rowStart[r + 1] = (int)sum;
                }
                if (sum != runs)
                    throw Corrupt("rows hold " + sum + " runs, the header says " + runs);
            }
            else
            {
                if (Le32(rowsOff) != 0 || Le32(rowsOff + 4 * n) != runs)
                    throw Corrupt("rows do not span the " + runs + " runs");
                long prev = 0;
                for (int r = 0; r <= n; r++)
                {
                    long v = Le32(rowsOff + 4 * r);
                    if (v < prev)
                        throw Corrupt("row " + (r - 1) + " ends before it starts");
                    rowStart[r] = (int)v; // at most rows[n], the runs: checked above
                    prev = v;
                }
            }
            runsOff = runsBin;
            movesOff = runsBin + startBytes * runCount;
            if (packed)
                CheckPacked();
        }

        // CheckPacked checks a 12-bit table's runs: in each row the starts
        // increase and lie below the nodes. O(runs).
        void CheckPacked()
        {
            int n = NodeCount;
            for (int r = 0; r < n; r++)
            {
                int prev = -1;
                for (int i = rowStart[r]; i < rowStart[r + 1]; i++)
                {
                    int start = (int)(Le16(runsOff + 2 * i) >> 4);
                    if (start >= n)
                        throw Corrupt("runs: run " + i + ", of the row of rank " + r + ", starts at rank " + start + " of " + n + " nodes");
                    if (start <= prev)
                        throw Corrupt("runs: run " + i + ", of the row of rank " + r + ", starts at rank " + start + ", not after the run before it (" + prev + ")");
                    prev = start;
                }
            }
        }

        // ------------------------------------------------------------ bytes

        uint Le16(int p) { return (uint)(data[p] | data[p + 1] << 8); }

        uint Le32(int p) { return (uint)(data[p] | data[p + 1] << 8 | data[p + 2] << 16 | data[p + 3] << 24); }

        ulong Le64(int p) { return Le32(p) | (ulong)Le32(p + 4) << 32; }

        static string Quote(string s)
        {
            var sb = new StringBuilder(s.Length + 2);
            sb.Append('"');
            foreach (char c in s)
            {
                if (c == '"' || c == '\\')
                    sb.Append('\\').Append(c);
                else if (c < 0x20 || c == 0x7f)
                    sb.Append("\\x").Append(((int)c).ToString("x2"));
                else
                    sb.Append(c);
            }
            return sb.Append('"').ToString();
        }

        // ------------------------------------------------------------ nodes

        /// <summary>The node at grid cell (x, y), or -1 when the cell is a wall
        /// (or too narrow for the agent), outside the grid, or the table is a
        /// graph's. O(1).</summary>
        public int NodeAt(int x, int y)
        {
            if (nodeOfCell == null || x < 0 || y < 0 || x >= Width || y >= Height)
                return -1;
            return nodeOfCell[y * Width + x];
        }

        /// <summary>The grid cell of node u, with true; false for a graph or an
        /// id out of range. O(1).</summary>
        public bool TryXY(int u, out int x, out int y)
        {
            if (cells == null || (uint)u >= (uint)NodeCount)
            {
                x = y = 0;
                return false;
            }
            x = cells[u] % Width;
            y = cells[u] / Width;
            return true;
        }

        /// <summary>A graph node's coordinates when the level gives them. O(1).</summary>
        public bool TryCoords(int u, out double x, out double y)
        {
            if (xs == null || (uint)u >= (uint)NodeCount)
            {
                x = y = 0;
                return false;
            }
            x = xs[u];
            y = ys[u];
            return true;
        }

        /// <summary>The graph node named name, or -1 (also on grid tables).
        /// O(length of name): a hash lookup, no allocation.</summary>
        public int NodeByName(string name)
        {
            int u;
            if (byName == null || name == null || !byName.TryGetValue(name, out u))
                return -1;
            return u;
        }

        /// <summary>Node u's id: its name on a graph, "x,y" on a grid (that one
        /// allocates a string); null when u is out of range. O(1).</summary>
        public string Name(int u)
        {
            if ((uint)u >= (uint)NodeCount)
                return null;
            if (names != null)
                return names[u];
            return (cells[u] % Width).ToString(System.Globalization.CultureInfo.InvariantCulture) + "," +
                (cells[u] / Width).ToString(System.Globalization.CultureInfo.InvariantCulture);
        }

        /// <summary>Resolves an id as the pathtable CLI does ("x,y" cells,
        /// spaces allowed around each number, on grids; names on graphs).
        /// Returns the node, or -1 with error saying why (error allocates only
        /// then). O(length of id).</summary>
        public int FindNode(string id, out string error)
        {
            error = null;
            if (id == null)
                id = "";
            if (names != null)
            {
                int u = NodeByName(id);
                if (u < 0)
                    error = "no node " + QuoteGo(id) + " in this graph";
                return u;
            }
            int comma = id.IndexOf(',');
            long x, y;
            if (comma < 0 || !ParseInt(id, 0, comma, out x) || !ParseInt(id, comma + 1, id.Length, out y))
            {
                error = "bad cell " + QuoteGo(id) + ": want x,y";
                return -1;
            }
            if (x < 0 || y < 0 || x >= Width || y >= Height)
            {
                error = "cell " + x + "," + y + " is outside the " + Width + "x" + Height + " grid";
                return -1;
            }
            int node = nodeOfCell[y * Width + x];
            if (node < 0)
            {
                if (Agent > 1)
                    error = "cell " + x + "," + y + " is too narrow for a " + Agent + "x" + Agent + " agent (it would cover " + x + "," + y + " to " + (x + Agent - 1) + "," + (y + Agent - 1) + ")";
                else
                    error = "cell " + x + "," + y + " is a wall, not a node";
            }
            return node;
        }

        // ParseInt reads a base-10 int in s[from, to) as Go's
        // strconv.Atoi(strings.TrimSpace(...)) does: a sign, digits, no more.
        static bool ParseInt(string s, int from, int to, out long v)
        {
            v = 0;
            while (from < to && char.IsWhiteSpace(s[from]))
                from++;
            while (to > from && char.IsWhiteSpace(s[to - 1]))
                to--;
            bool neg = false;
            if (from < to && (s[from] == '+' || s[from] == '-'))
            {
                neg = s[from] == '-';
                from++;
            }
            if (from == to)
                return false;
            for (; from < to; from++)
            {
                char c = s[from];
                if (c < '0' || c > '9')
                    return false;
                v = v * 10 + (c - '0');
                if (v > int.MaxValue + 1L)
                    return false;
            }
            if (neg)
                v = -v;
            return v >= int.MinValue && v <= int.MaxValue;
        }

        // QuoteGo writes s as Go's %q does for printable text.
        static string QuoteGo(string s)
        {
            var sb = new StringBuilder(s.Length + 2);
            sb.Append('"');
            foreach (char c in s)
            {
                if (c == '"' || c == '\\')
                    sb.Append('\\').Append(c);
                else if (c == '\t')
                    sb.Append("\\t");
                else if (c == '\n')
                    sb.Append("\\n");
                else if (c == '\r')
                    sb.Append("\\r");
                else if (c < 0x20 || c == 0x7f)
                    sb.Append("\\x").Append(((int)c).ToString("x2"));
                else
                    sb.Append(c);
            }
            return sb.Append('"').ToString();
        }

        // ------------------------------------------------------------ queries

        /// <summary>Whether the table answers the pair at all: always, but on a
        /// windowed table, which covers from only within to's window. Out of
        /// range ids are not covered. O(1).</summary>
        public bool Covered(int from, int to)
        {
            if ((uint)from >= (uint)NodeCount || (uint)to >= (uint)NodeCount)
                return false;
            return Layout != Layout.Window || WindowCell(from, to) >= 0;
        }

        /// <summary>The node after from on a shortest path to to, or -1 (no
        /// path, from == to, an id out of range, a pair not covered). O(1)
        /// flat; O(log runs in from's row) run-length; O(degree) windowed.</summary>
        public int Next(int from, int to)
        {
            if ((uint)from >= (uint)NodeCount || (uint)to >= (uint)NodeCount)
                return -1;
            int lo = offsets[from];
            int m = Move(from, to);
            if (m >= offsets[from + 1] - lo)
                return -1;
            return targets[lo + m];
        }

        /// <summary>Next, telling apart why there is no next node. Costs as Next.</summary>
        public StepReason Step(int from, int to, out int next)
        {
            next = -1;
            if ((uint)from >= (uint)NodeCount || (uint)to >= (uint)NodeCount)
                return StepReason.OutOfRange;
            if (from == to)
                return StepReason.Arrived;
            if (Layout == Layout.Window && WindowCell(from, to) < 0)
                return StepReason.NotCovered;
            next = Next(from, to);
            return next < 0 ? StepReason.NoPath : StepReason.OK;
        }

        /// <summary>The cost of the stored shortest path from from to to, with
        /// true; false when there is none, the pair is not covered or an id is
        /// out of range. Flat tables: O(1), the stored distance. Others walk
        /// the path and add up its edge costs exactly as the Go reader does
        /// (lookup.Table.Dist): O(path length) times log runs or degree.</summary>
        public bool Dist(int from, int to, out double cost)
        {
            cost = 0;
            if ((uint)from >= (uint)NodeCount || (uint)to >= (uint)NodeCount)
                return false;
            if (Layout == Layout.Flat)
                return StoredDist((long)to * NodeCount + from, out cost);
            return Walk(from, to, null, out cost) > 0;
        }

        /// <summary>Writes the stored shortest path from from to to, both ends
        /// included, into buffer from index 0, and returns its node count
        /// (1 when from == to). 0: no path, a pair not covered, or an id out
        /// of range. A buffer too short gets the path's first buffer.Length
        /// nodes and the call still returns the whole count, larger than
        /// buffer.Length (as snprintf does): a buffer of MaxPathLength never
        /// is. O(path length), times log runs per row on run-length tables
        /// and the degree on windowed ones. Allocates nothing.</summary>
        public int Path(int from, int to, int[] buffer)
        {
            double cost;
            if ((uint)from >= (uint)NodeCount || (uint)to >= (uint)NodeCount)
                return 0;
            return Walk(from, to, buffer, out cost, false);
        }

        /// <summary>Path, and the path's cost as Dist gives it.</summary>
        public int Path(int from, int to, int[] buffer, out double cost)
        {
            cost = 0;
            if ((uint)from >= (uint)NodeCount || (uint)to >= (uint)NodeCount)
                return 0;
            int k = Walk(from, to, buffer, out cost);
            if (k > 0 && Layout == Layout.Flat)
                StoredDist((long)to * NodeCount + from, out cost);
            return k;
        }

        int Walk(int from, int to, int[] buffer, out double cost)
        {
            return Walk(from, to, buffer, out cost, Layout != Layout.Flat);
        }

        // Walk follows the first moves from from to to; ids are in range.
        int Walk(int from, int to, int[] buffer, out double cost, bool sum)
        {
            cost = 0;
            int cap = buffer == null ? 0 : buffer.Length;
            if (Layout == Layout.Window && WindowCell(from, to) < 0)
                return 0;
            int limit = Layout == Layout.Window ? side * side : NodeCount;
            int len = 0;
            if (len < cap)
                buffer[len] = from;
            len++;
            long a = 0, b = 0;
            double f = 0;
            int u = from;
            if (Layout == Layout.Flat)
            {
                // The hot loop of a flat table: one byte of row to per step.
                int row = firstOff + to * NodeCount;
                while (u != to)
                {
                    int lo = offsets[u];
                    int m = data[row + u];
                    if (m >= offsets[u + 1] - lo || len >= limit)
                        return 0;
                    u = targets[lo + m];
                    if (len < cap)
                        buffer[len] = u;
                    len++;
                }
                return len;
            }
            if (hopR != null)
                return WalkRanks(from, to, buffer, cap, sum, out cost);
            // Windowed tables, and run-length ones whose hop array would be too large.
            while (u != to)
            {
                int lo = offsets[u];
                int m = Move(u, to);
                if (m >= offsets[u + 1] - lo || len >= limit)
                    return 0;
                if (sum)
                {
                    double w = weights[lo + m];
                    if (!exactSum)
                        f += w;
                    else if (w == Math.Truncate(w))
                        a += (long)w;
                    else
                        b += (long)Math.Round(w / Sqrt2, MidpointRounding.AwayFromZero);
                }
                u = targets[lo + m];
                if (len < cap)
                    buffer[len] = u;
                len++;
            }
            if (sum)
                cost = exactSum ? (double)a + (double)b * Sqrt2 : f;
            return len;
        }

        // StoredDist decodes a flat table's distance number i.
        bool StoredDist(long i, out double d)
        {
            int p = distOff + (int)(i * distWidth);
            switch (distKind)
            {
                case DistKindCode.U16:
                    {
                        uint v = Le16(p);
                        d = v;
                        return v != 0xFFFF;
                    }
                case DistKindCode.U32:
                    {
                        uint v = Le32(p);
                        d = v;
                        return v != 0xFFFFFFFF;
                    }
                case DistKindCode.U64:
                    {
                        ulong v = Le64(p);
                        d = v;
                        return v != ulong.MaxValue;
                    }
                case DistKindCode.Octile16:
                    {
                        uint lo = Le16(p), hi = Le16(p + 2);
                        d = (double)lo + (double)hi * Sqrt2;
                        return lo != 0xFFFF;
                    }
                case DistKindCode.Octile32:
                    {
                        uint lo = Le32(p), hi = Le32(p + 4);
                        d = (double)lo + (double)hi * Sqrt2;
                        return lo != 0xFFFFFFFF;
                    }
                default:
                    d = BitConverter.Int64BitsToDouble((long)Le64(p));
                    return !double.IsInfinity(d);
            }
        }

        // Move is the slot of from's out-edge that starts the stored path to
        // to, or NoMove (or a slot out of range, in a damaged table).
        int Move(int from, int to)
        {
            if (Layout == Layout.Flat)
                return data[firstOff + to * NodeCount + from];
            if (Layout == Layout.Runs)
                return RunsMove(from, to);
            return WindowMove(from, to);
        }

        // BuildRankWalk renumbers the graph by rank for WalkRanks, unless
        // the widest node would make the hop array far larger than the
        // graph (a hub in a graph table): then walks stay by node.
        // O(n·stride).
        void BuildRankWalk()
        {
            int n = NodeCount, maxDeg = 0;
            for (int u = 0; u < n; u++)
                maxDeg = Math.Max(maxDeg, offsets[u + 1] - offsets[u]);
            int shift = 0;
            while ((1 << shift) < maxDeg)
                shift++;
            if (((long)n << shift) > 4L * (n + EdgeCount) + 64)
                return;
            hopShift = shift;
            order = new int[n];
            for (int u = 0; u < n; u++)
                order[rank[u]] = u;
            hopR = new int[n << shift];
            for (int r = 0; r < n; r++)
            {
                int u = order[r], lo = offsets[u], deg = offsets[u + 1] - lo;
                for (int m = 0; m < (1 << shift); m++)
                    hopR[(r << shift) | m] = m < deg ? rank[targets[lo + m]] : -1;
            }
            if (symbols)
            {
                xyR = new int[2 * n];
                dirR = new byte[8 * n];
                for (int r = 0; r < n; r++)
                {
                    int u = order[r];
                    xyR[2 * r] = cellX[u];
                    xyR[2 * r + 1] = cellY[u];
                    Buffer.BlockCopy(dirSlot, 8 * u, dirR, 8 * r, 8);
                }
            }
        }

        // BuildBoxes lays out boxSum: (Width+1)·(Height+1) ints, O(width·height),
        // 4 bytes a cell where the file's open bin holds one bit.
        void BuildBoxes()
        {
            int w1 = Width + 1, h1 = Height + 1;
            var s = new int[w1 * h1];
            for (int u = 0; u < NodeCount; u++)
                s[(cellY[u] + 1) * w1 + cellX[u] + 1] = 1;
            for (int y = 1; y < h1; y++)
                for (int x = 1, i = y * w1 + 1; x < w1; x++, i++)
                    s[i] += s[i - w1] + s[i - 1] - s[i - w1 - 1];
            boxSum = s;
        }

        // BoxOpen reports whether every cell of the bounding box of cells
        // (ax, ay) and (bx, by) is a node: then H_1 starts a shortest path
        // from one toward the other (a straight octile or Manhattan path lies
        // in the box, and H_1 keeps it there). O(1).
        static bool BoxOpen(int[] s, int w1, int ax, int ay, int bx, int by)
        {
            int x0 = Math.Min(ax, bx), x1 = Math.Max(ax, bx) + 1, y0 = Math.Min(ay, by), y1 = Math.Max(ay, by) + 1;
            return s[y1 * w1 + x1] - s[y0 * w1 + x1] - s[y1 * w1 + x0] + s[y0 * w1 + x0] == (x1 - x0) * (y1 - y0);
        }

        // WalkRanks is Walk's loop for a run-length table, in rank space: a
        // step is a binary search in the row of the current rank and one
        // hop, with no offsets or targets to read.
        int WalkRanks(int from, int to, int[] buffer, int cap, bool sum, out double cost)
        {
            cost = 0;
            long ca = 0, cb = 0;
            double cf = 0;
            // Fields in locals: Mono's JIT reloads a field on every use.
            byte[] d = data, dirs = dirR;
            int[] rowStart = this.rowStart, hops = hopR, order = this.order, xy = xyR, box = boxSum;
            int w1 = Width + 1;
            int runsOff = this.runsOff, movesOff = this.movesOff, shift = hopShift;
            bool wrap = this.wrap, symbols = this.symbols, exact = exactSum;
            int t = rank[to], n = NodeCount, len = 1, r = rank[from];
            int tkey = this.packed ? t << 4 | 0xF : t; // a 12-bit run's word is start << 4 | move
            uint stride = 1u << shift;
            bool two = startBytes == 2, four = moveBits == 4, packed = this.packed;
            int tx = symbols ? xy[2 * t] : 0, ty = symbols ? xy[2 * t + 1] : 0;
            bool open = false;
            if (compR != null && compR[r] != compR[t])
                return 0; // another component: no path
            while (r != t)
            {
                int m;
                // Once a b table's box is open it stays open (H_1 moves into a
                // box inside it): the rest of the path is H_1, no row read.
                if (open || (box != null && (open = BoxOpen(box, w1, xy[2 * r], xy[2 * r + 1], tx, ty))))
                    m = 8;
                else
                {
                    int lo = rowStart[r], a = lo, b = rowStart[r + 1], end = b;
                    if (two)
                    {
                        while (a < b)
                        {
                            int mid = (a + b) >> 1;
                            int q = runsOff + 2 * mid;
                            if ((d[q] | d[q + 1] << 8) <= tkey)
                                a = mid + 1;
                            else
                                b = mid;
                        }
                    }
                    else
                    {
                        while (a < b)
                        {
                            int mid = (a + b) >> 1;
                            if (Le32(runsOff + 4 * mid) <= (uint)t)
                                a = mid + 1;
                            else
                                b = mid;
                        }
                    }
                    if (a == lo && (!wrap || end == lo))
                        return 0;
                    int i = a == lo ? end - 1 : a - 1;
                    m = packed ? d[runsOff + 2 * i] & 0xF : four ? (d[movesOff + (i >> 1)] >> ((i & 1) << 2)) & 0xF : d[movesOff + i];
                    if (four && m == 0xF)
                        return 0;
                }
                if (symbols && (uint)(m - 8) <= 6)
                {
                    int slot = NoMove;
                    if (m == 8)
                    {
                        int ux = xy[2 * r], uy = xy[2 * r + 1];
                        int sx = tx > ux ? 2 : tx < ux ? 0 : 1;
                        int sy = ty > uy ? 6 : ty < uy ? 0 : 3;
                        int dir = SignDir[sy + sx];
                        if (dir >= 0)
                            slot = dirs[8 * r + dir];
                    }
                    m = slot != NoMove ? slot : SymbolMove(order[r], to, m - 7);
                }
                if ((uint)m >= stride || len >= n)
                    return 0;
                int next = hops[(r << shift) | m];
                if (next < 0)
                    return 0;
                if (sum)
                {
                    double w = weights[offsets[order[r]] + m];
                    if (!exact)
                        cf += w;
                    else if (w == Math.Truncate(w))
                        ca += (long)w;
                    else
                        cb += (long)Math.Round(w / Sqrt2, MidpointRounding.AwayFromZero);
                }
                r = next;
                if (len < cap)
                    buffer[len] = order[r];
                len++;
            }
            if (sum)
                cost = exact ? (double)ca + (double)cb * Sqrt2 : cf;
            return len;
        }

        // Direction is the index in DX, DY of the step (dx, dy), or -1.
        static int Direction(int dx, int dy)
        {
            for (int d = 0; d < 8; d++)
                if (DX[d] == dx && DY[d] == dy)
                    return d;
            return -1;
        }

        // RunsMove: the move of the last run of from's row whose start is at
        // most to's rank, by binary search (a wrapped row's last run below
        // its first start); heuristic symbols decoded to their slot. A b
        // table answers H_1 where the two cells' box is open, without the row.
        int RunsMove(int from, int to)
        {
            if (from == to || compR != null && compR[rank[from]] != compR[rank[to]])
                return NoMove; // the same node, or another component

            if (boxSum != null && BoxOpen(boxSum, Width + 1, cellX[from], cellY[from], cellX[to], cellY[to]))
                return SymbolMove(from, to, 1);
            int key = packed ? rank[to] << 4 | 0xF : rank[to], r = rank[from]; // a 12-bit run's word is start << 4 | move
            int lo = rowStart[r], a = lo, b = rowStart[r + 1], end = b;
            byte[] d = data;
            if (startBytes == 2)
            {
                int p = runsOff;
                while (a < b)
                {
                    int mid = (a + b) >> 1;
                    int q = p + 2 * mid;
                    if ((d[q] | d[q + 1] << 8) <= key)
                        a = mid + 1;
                    else
                        b = mid;
                }
            }
            else
            {
                while (a < b)
                {
                    int mid = (a + b) >> 1;
                    uint st = Le32(runsOff + 4 * mid);
                    if (st <= (uint)key)
                        a = mid + 1;
                    else
                        b = mid;
                }
            }
            if (a == lo && (!wrap || end == lo))
                return NoMove;
            int i = a == lo ? end - 1 : a - 1;
            int m = packed ? d[runsOff + 2 * i] & 0xF : moveBits == 8 ? d[movesOff + i] : (d[movesOff + (i >> 1)] >> ((i & 1) << 2)) & 0xF;
            if (moveBits == 4 && m == 0xF)
                return NoMove;
            if (symbols && m >= 8 && m <= 14)
                return SymbolMove(from, to, m - 7);
            return m;
        }

        static long HeuristicKey(long dx, long dy)
        {
            if (dx < 0) dx = -dx;
            if (dy < 0) dy = -dy;
            return dx > dy ? 985 * dx + 408 * dy : 985 * dy + 408 * dx;
        }

        // SymbolMove decodes H_k: from's slots ranked by the key of the cell
        // each leads to against to's cell, lowest first, ties by lower slot.
        // H_1 is the move toward the sign of the vector to to's cell where
        // from has it (it lowers the key more than any other move): O(1);
        // otherwise O(degree²).
        int SymbolMove(int from, int to, int k)
        {
            if (k >= 6 && jumpSet != null) // J in H_7's move, J_2 in H_6's
                return JumpMove(from, to, 8 - k);
            int lo = offsets[from], d = offsets[from + 1] - lo;
            if (k > d)
                return NoMove;
            int tx = cellX[to], ty = cellY[to];
            if (k == 1)
            {
                int sx = Math.Sign(tx - cellX[from]), sy = Math.Sign(ty - cellY[from]);
                int dir = SignDir[(sy + 1) * 3 + sx + 1];
                if (dir >= 0 && dirSlot[8 * from + dir] != NoMove)
                    return dirSlot[8 * from + dir];
            }
            // The k-th smallest (key, slot): k passes, each taking the
            // smallest pair above the last one taken. O(k·degree).
            long lastKey = -1;
            int last = -1;
            for (int pass = 0; pass < k; pass++)
            {
                long bestKey = long.MaxValue;
                int best = -1;
                for (int j = 0; j < d; j++)
                {
                    long kj = SlotKey(lo + j, tx, ty);
                    if ((kj > lastKey || (kj == lastKey && j > last)) && (kj < bestKey || (kj == bestKey && j < best)))
                    {
                        bestKey = kj;
                        best = j;
                    }
                }
                lastKey = bestKey;
                last = best;
            }
            return last;
        }

        // BuildJumpSets lays out each node's jump set: its directions into a
        // neighbour that has a successor when entered that way, as jump
        // point search prunes, or all its directions where none has. O(V).
        void BuildJumpSets()
        {
            jumpSet = new byte[NodeCount];
            for (int u = 0; u < NodeCount; u++)
            {
                int x = cellX[u], y = cellY[u], set = 0, has = 0;
                for (int d = 0; d < 8; d++)
                {
                    if (dirSlot[8 * u + d] == NoMove)
                        continue;
                    has |= 1 << d;
                    int ex = DX[d], ey = DY[d], nx = x + ex, ny = y + ey;
                    bool ok = ex != 0 && ey != 0
                        ? NodeAt(nx + ex, ny) >= 0 || NodeAt(nx, ny + ey) >= 0
                        : NodeAt(nx + ex, ny + ey) >= 0
                          || (NodeAt(nx - ey, ny + ex) >= 0 && NodeAt(nx - ey - ex, ny + ex - ey) < 0)
                          || (NodeAt(nx + ey, ny - ex) >= 0 && NodeAt(nx + ey - ex, ny - ex - ey) < 0);
                    if (NodeAt(nx, ny) >= 0 && ok)
                        set |= 1 << d;
                }
                jumpSet[u] = (byte)(set != 0 ? set : has);
            }
        }

        // J's preference lists, by sector: direction codes nearest first to
        // the sector's centre (docs/FORMAT.md "The jump move J").
        static readonly byte[] JumpPrefs = {
            4, 3, 5, 2, 6, 0, 1, 7, 3, 4, 2, 5, 6, 1, 0, 7, 3, 2, 4, 1, 0, 5, 6, 7, 2, 3, 1, 4, 0, 6, 5, 7,
            0, 1, 7, 2, 6, 4, 3, 5, 1, 0, 2, 7, 6, 3, 4, 5, 1, 2, 0, 3, 4, 7, 6, 5, 2, 1, 3, 0, 4, 6, 7, 5,
            4, 5, 3, 6, 2, 0, 7, 1, 5, 4, 6, 3, 2, 7, 0, 1, 5, 6, 4, 7, 0, 3, 2, 1, 6, 5, 7, 4, 0, 2, 3, 1,
            0, 7, 1, 6, 2, 4, 5, 3, 7, 0, 6, 1, 2, 5, 4, 3, 7, 6, 0, 5, 4, 1, 2, 3, 6, 7, 5, 0, 4, 2, 1, 3 };

        // JumpMove decodes J_n (n = 1, J, in move 14; n = 2 in move 13)
        // from node from toward node to: for J, the direct move one step
        // away; else the n-th direction of the target's sector's list in
        // from's jump set. O(1).
        int JumpMove(int from, int to, int n)
        {
            int dx = cellX[to] - cellX[from], dy = cellY[to] - cellY[from];
            int a = Math.Abs(dx), b = Math.Abs(dy);
            if (n == 1 && a <= 1 && b <= 1)
            {
                int dir = SignDir[(dy + 1) * 3 + dx + 1];
                if (dir >= 0 && dirSlot[8 * from + dir] != NoMove)
                    return dirSlot[8 * from + dir];
            }
            int set = jumpSet[from];
            if (set == 0 || (a == 0 && b == 0))
                return NoMove;
            int q = (dx < 0 || (dx == 0 && dy < 0) ? 2 : 0) | (dy < 0 || (dy == 0 && dx > 0) ? 1 : 0);
            int p = 2 * a <= b ? 0 : a <= b ? 1 : a <= 2 * b ? 2 : 3;
            for (int i = 0; i < 8; i++)
            {
                int d = JumpPrefs[8 * (q * 4 + p) + i];
                if ((set >> d & 1) != 0 && --n == 0)
                    return dirSlot[8 * from + d];
            }
            return NoMove;
        }

        // SignDir maps (sign dy + 1) * 3 + sign dx + 1 to a direction, -1 for none.
        static readonly int[] SignDir = { 7, 0, 1, 6, -1, 2, 5, 4, 3 };

        long SlotKey(int e, long tx, long ty)
        {
            int v = targets[e];
            return HeuristicKey(tx - cellX[v], ty - cellY[v]);
        }

        // WindowCell: from's cell in to's window, row-major, or -1 outside it.
        int WindowCell(int from, int to)
        {
            int d = Window;
            int wx = cellX[from] - cellX[to] + d, wy = cellY[from] - cellY[to] + d;
            return wx < 0 || wy < 0 || wx >= side || wy >= side ? -1 : wy * side + wx;
        }

        // WindowMove: the direction stored in to's block for from's cell, as
        // the slot of from's out-edge to the neighbour that way.
        int WindowMove(int from, int to)
        {
            int i = WindowCell(from, to);
            if (i < 0)
                return NoMove;
            int dir = (data[firstOff + to * blockBytes + (i >> 1)] >> ((i & 1) << 2)) & 0xF;
            if (dir >= 8)
                return NoMove;
            return dirSlot[8 * from + dir];
        }

        // ------------------------------------------------------------ msgpack

        sealed class MsgException : Exception
        {
            public MsgException(string message) : base(message) { }
        }

        // MsgReader reads the msgpack subset of FORMAT.md from data[Pos, End).
        struct MsgReader
        {
            readonly byte[] b;
            public int Pos;
            readonly int end;

            public MsgReader(byte[] b, int pos, int end)
            {
                this.b = b;
                Pos = pos;
                this.end = end;
            }

            public int Left { get { return end - Pos; } }

            byte Byte()
            {
                if (Pos >= end)
                    throw new MsgException("ends inside a value");
                return b[Pos++];
            }

            ulong Be(int w)
            {
                if (Left < w)
                    throw new MsgException("ends inside a value");
                ulong v = 0;
                for (int i = 0; i < w; i++)
                    v = v << 8 | b[Pos++];
                return v;
            }

            // TryArrayHead reads an array head (fixarray, array16, array32).
            public bool TryArrayHead(out long n)
            {
                n = 0;
                if (Left < 1)
                    return false;
                byte c = b[Pos];
                int w = c >= 0x90 && c <= 0x9f ? 0 : c == 0xdc ? 2 : c == 0xdd ? 4 : -1;
                if (w < 0 || Left < 1 + w)
                    return false;
                Pos++;
                n = w == 0 ? c & 0x0f : (long)Be(w);
                return true;
            }

            // TryMagic reads a str equal to magic, in any str form.
            public bool TryMagic(string magic)
            {
                if (Left < 1)
                    return false;
                byte c = b[Pos];
                int w = c >= 0xa0 && c <= 0xbf ? 0 : c == 0xd9 ? 1 : c == 0xda ? 2 : c == 0xdb ? 4 : -1;
                if (w < 0 || Left < 1 + w)
                    return false;
                Pos++;
                long n = w == 0 ? c & 0x1f : (long)Be(w);
                if (n != magic.Length || Left < n)
                    return false;
                for (int i = 0; i < n; i++)
                    if (b[Pos + i] != magic[i])
                        return false;
                Pos += (int)n;
                return true;
            }

            // TryUint reads an integer of any encoding whose value is >= 0.
            public bool TryUint(out ulong v)
            {
                v = 0;
                if (Left < 1)
                    return false;
                byte c = b[Pos];
                if (c <= 0x7f)
                {
                    Pos++;
                    v = c;
                    return true;
                }
                int w;
                bool signed;
                if (c >= 0xcc && c <= 0xcf)
                {
                    w = 1 << (c - 0xcc);
                    signed = false;
                }
                else if (c >= 0xd0 && c <= 0xd3)
                {
                    w = 1 << (c - 0xd0);
                    signed = true;
                }
                else
                    return false;
                if (Left < 1 + w)
                    return false;
                Pos++;
                ulong x = Be(w);
                if (signed && (x >> (8 * w - 1)) != 0)
                    return false; // negative
                v = x;
                return true;
            }

            // TryBinHead reads a bin head: 1 with its length, 0 when the value
            // is not a bin, -1 when the length is cut short.
            public int TryBinHead(out long n)
            {
                n = 0;
                byte c = b[Pos];
                if (c < 0xc4 || c > 0xc6)
                    return 0;
                int w = 1 << (c - 0xc4);
                if (Left < 1 + w)
                    return -1;
                Pos++;
                n = (long)Be(w);
                return 1;
            }

            public long MapHead()
            {
                byte c = Byte();
                if (c >= 0x80 && c <= 0x8f)
                    return c & 0x0f;
                if (c == 0xde)
                    return (long)Be(2);
                if (c == 0xdf)
                    return (long)Be(4);
                throw new MsgException("not a map");
            }

            int StrLen(string key)
            {
                byte c = Byte();
                long n;
                if (c >= 0xa0 && c <= 0xbf)
                    n = c & 0x1f;
                else if (c == 0xd9)
                    n = (long)Be(1);
                else if (c == 0xda)
                    n = (long)Be(2);
                else if (c == 0xdb)
                    n = (long)Be(4);
                else
                    throw new MsgException(key + ": not a str");
                if (n > Left)
                    throw new MsgException(key + ": a str of " + n + " bytes, " + Left + " remain");
                return (int)n;
            }

            public string Str(string key)
            {
                int n = StrLen(key);
                string s = Encoding.UTF8.GetString(b, Pos, n);
                Pos += n;
                return s;
            }

            byte[] StrBytes(string key)
            {
                int n = StrLen(key);
                var r = new byte[n];
                Buffer.BlockCopy(b, Pos, r, 0, n);
                Pos += n;
                return r;
            }

            public long Int(string key)
            {
                ulong v;
                if (Left < 1)
                    throw new MsgException(key + ": ends inside a value");
                if (!TryUint(out v))
                {
                    if (Left >= 1 && b[Pos] >= 0xcc && b[Pos] <= 0xd3)
                        throw new MsgException(key + ": ends inside a value");
                    throw new MsgException(key + ": not an integer >= 0");
                }
                if (v > long.MaxValue)
                    throw new MsgException(key + ": " + v + " is out of range");
                return (long)v;
            }

            // Key reads a map key: the index of the known key it names, or -1
            // (a str naming no known key is read; any other value is left for
            // Skip, which the caller calls for the value too).
            public int Key(string[] keys, int depth)
            {
                if (Left < 1)
                    throw new MsgException("ends inside a value");
                byte c = b[Pos];
                bool isStr = (c >= 0xa0 && c <= 0xbf) || (c >= 0xd9 && c <= 0xdb);
                if (!isStr)
                {
                    Skip(depth);
                    return -1;
                }
                int n = StrLen("key");
                int at = Pos;
                Pos += n;
                for (int i = 0; i < keys.Length; i++)
                {
                    string k = keys[i];
                    if (k.Length != n)
                        continue;
                    int j = 0;
                    while (j < n && b[at + j] == k[j])
                        j++;
                    if (j == n)
                        return i;
                }
                return -1;
            }

            public void Names(Header h)
            {
                if (Left < 1)
                    throw new MsgException("names: ends inside a value");
                if (b[Pos] == 0xc0)
                {
                    Pos++;
                    h.Names = null;
                    h.NameBytes = null;
                    return;
                }
                byte c = Byte();
                long n;
                if (c >= 0x90 && c <= 0x9f)
                    n = c & 0x0f;
                else if (c == 0xdc)
                    n = (long)Be(2);
                else if (c == 0xdd)
                    n = (long)Be(4);
                else
                    throw new MsgException("names: not an array or nil");
                if (n > Left)
                    throw new MsgException("names: an array declares " + n + " elements, " + Left + " bytes remain");
                h.Names = new string[n];
                h.NameBytes = new byte[n][];
                for (long i = 0; i < n; i++)
                {
                    byte[] nb = StrBytes("names");
                    h.NameBytes[i] = nb;
                    h.Names[i] = Encoding.UTF8.GetString(nb);
                }
            }

            // Skip reads past one value of any msgpack type at nesting depth,
            // every length and count checked against the bytes that remain.
            public void Skip(int depth)
            {
                byte c = Byte();
                long size = 0, items = 0;
                if (c <= 0x7f || c >= 0xe0) { }
                else if (c <= 0x8f) items = 2 * (c & 0x0f);
                else if (c <= 0x9f) items = c & 0x0f;
                else if (c <= 0xbf) size = c & 0x1f;
                else if (c == 0xc0 || c == 0xc2 || c == 0xc3) { }
                else if (c >= 0xca && c <= 0xd3) size = SkipSizes[c - 0xca];
                else if (c >= 0xd4 && c <= 0xd8) size = 1 + (1 << (c - 0xd4));
                else
                {
                    int w;
                    switch (c)
                    {
                        case 0xc4: case 0xc7: case 0xd9: w = 1; break;
                        case 0xc5: case 0xc8: case 0xda: case 0xdc: case 0xde: w = 2; break;
                        case 0xc6: case 0xc9: case 0xdb: case 0xdd: case 0xdf: w = 4; break;
                        default: throw new MsgException("invalid msgpack code 0x" + c.ToString("x2"));
                    }
                    long v = (long)Be(w);
                    if (c == 0xdc || c == 0xdd)
                        items = v;
                    else if (c == 0xde || c == 0xdf)
                        items = 2 * v;
                    else if (c >= 0xc7 && c <= 0xc9)
                        size = 1 + v;
                    else
                        size = v;
                }
                if (size > Left)
                    throw new MsgException("a value declares " + size + " bytes, " + Left + " remain");
                Pos += (int)size;
                if (items == 0)
                    return;
                if (items > Left)
                    throw new MsgException("a value declares " + items + " elements, " + Left + " bytes remain");
                if (depth >= MaxHeaderDepth)
                    throw new MsgException("values nested deeper than " + MaxHeaderDepth);
                for (long i = 0; i < items; i++)
                    Skip(depth + 1);
            }

            static readonly long[] SkipSizes = { 4, 8, 1, 2, 4, 8, 1, 2, 4, 8 };
        }
    }

    /// <summary>CRC-32C (Castagnoli), reflected polynomial 0x82F63B78,
    /// slicing by 8 bytes.</summary>
    public static class Crc32C
    {
        static readonly uint[] T = MakeTable();

        static uint[] MakeTable()
        {
            var t = new uint[8 * 256];
            for (uint i = 0; i < 256; i++)
            {
                uint c = i;
                for (int k = 0; k < 8; k++)
                    c = (c & 1) != 0 ? (c >> 1) ^ 0x82F63B78u : c >> 1;
                t[i] = c;
            }
            for (int i = 0; i < 256; i++)
                for (int s = 1; s < 8; s++)
                    t[s * 256 + i] = (t[(s - 1) * 256 + i] >> 8) ^ t[t[(s - 1) * 256 + i] & 0xFF];
            return t;
        }

        /// <summary>Continues crc (0 to start) over b[off, off+len). O(len).</summary>
        public static uint Update(uint crc, byte[] b, int off, int len)
        {
            uint c = ~crc;
            int p = off, end = off + len;
            uint[] t = T;
            while (end - p >= 8)
            {
                uint lo = c ^ (uint)(b[p] | b[p + 1] << 8 | b[p + 2] << 16 | b[p + 3] << 24);
                uint hi = (uint)(b[p + 4] | b[p + 5] << 8 | b[p + 6] << 16 | b[p + 7] << 24);
                c = t[7 * 256 + (lo & 0xFF)] ^ t[6 * 256 + ((lo >> 8) & 0xFF)] ^ t[5 * 256 + ((lo >> 16) & 0xFF)] ^ t[4 * 256 + (lo >> 24)] ^
                    t[3 * 256 + (hi & 0xFF)] ^ t[2 * 256 + ((hi >> 8) & 0xFF)] ^ t[256 + ((hi >> 16) & 0xFF)] ^ t[hi >> 24];
                p += 8;
            }
            while (p < end)
                c = t[(c ^ b[p++]) & 0xFF] ^ (c >> 8);
            return ~c;
        }
    }
}
