// Tests.cs: the tests of PathTable.cs, a plain program (no test framework):
//
//   mcs -langversion:7.2 -out:tests.exe readers/csharp/PathTable.cs readers/csharp/Tests.cs
//   mono tests.exe REPO [TABLES]
//
// REPO is the repository root (for examples/*.ptab); TABLES, optional, a
// directory of tables check.sh built (tiny.win.ptab, lecture.gr.ptab, ...):
// the tests that need one are skipped without it. Tests.exe also writes
// hand-made tables (odd but legal msgpack forms, hostile headers) to
// TABLES/crafted/, which check.sh then gives to both the driver and the Go
// CLI: they must accept and refuse the same ones. Exit status 1 on any
// failure.

using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using PathTable;

static class Tests
{
    static int failures, checks;

    static void Check(bool ok, string what)
    {
        checks++;
        if (!ok)
        {
            failures++;
            Console.Error.WriteLine("FAIL: " + what);
        }
    }

    static void Equal<T>(T got, T want, string what)
    {
        Check(EqualityComparer<T>.Default.Equals(got, want), what + ": got " + got + ", want " + want);
    }

    static string repo, tables;

    static int Main(string[] args)
    {
        if (args.Length < 1)
        {
            Console.Error.WriteLine("usage: tests.exe REPO [TABLES]");
            return 2;
        }
        repo = args[0];
        tables = args.Length > 1 ? args[1] : null;
        var tests = new Action[] {
            Crc, TinyAllExamples, Lookups, ShortBuffers, OutOfRange, Windowed, Graph, NoAllocation,
            Truncations, ByteFlips, HostileBytes, Crafted, FuzzBehindChecksum, MissingFile, Boxes, BoxesRefused, BoxExample,
        };
        foreach (var t in tests)
        {
            try
            {
                t();
            }
            catch (Exception e)
            {
                failures++;
                Console.Error.WriteLine("FAIL: " + t.Method.Name + " threw " + e);
            }
        }
        Console.Error.WriteLine("csharp tests: " + checks + " checks, " + failures + " failures");
        return failures == 0 ? 0 : 1;
    }

    static byte[] Example(string name) { return File.ReadAllBytes(Path.Combine(repo, "examples", name)); }

    static readonly string[] Examples = { "tiny.ptab", "tiny-runs.ptab", "tiny-v3.ptab", "tiny-runs-v3.ptab" };

    static void Crc()
    {
        var b = Encoding.ASCII.GetBytes("123456789");
        Equal(Crc32C.Update(0, b, 0, b.Length), 0xE3069283u, "CRC-32C check value");
        // Slicing by 8 and byte by byte agree, and a CRC continues.
        var r = new Random(1);
        var big = new byte[1000];
        r.NextBytes(big);
        uint whole = Crc32C.Update(0, big, 0, big.Length);
        uint parts = Crc32C.Update(Crc32C.Update(0, big, 0, 333), big, 333, 667);
        uint bytewise = 0;
        for (int i = 0; i < big.Length; i++)
            bytewise = Crc32C.Update(bytewise, big, i, 1);
        Equal(parts, whole, "CRC in two parts");
        Equal(bytewise, whole, "CRC byte by byte");
    }

    // TinyAllExamples: the four worked examples of docs/FORMAT.md, every
    // version and the flat and run-length layouts, give FORMAT.md's answers.
    static void TinyAllExamples()
    {
        int[] versions = { 1, 2, 3, 3 };
        Layout[] layouts = { Layout.Flat, Layout.Runs, Layout.Flat, Layout.Runs };
        for (int i = 0; i < Examples.Length; i++)
        {
            var t = Table.Open(Example(Examples[i]));
            string n = Examples[i];
            Equal(t.Version, versions[i], n + " version");
            Equal(t.Layout, layouts[i], n + " layout");
            Equal(t.NodeCount, 6, n + " nodes");
            Equal(t.EdgeCount, 14, n + " edges");
            Equal(t.Width, 3, n + " width");
            Equal(t.Height, 3, n + " height");
            Equal(t.Connect, 8, n + " connect");
            Equal(t.Diagonal, "sqrt2", n + " diagonal");
            Equal(t.Metric, "octile", n + " metric");
            Equal(t.IsGrid, true, n + " grid");
            Equal(t.Agent, 1, n + " agent");
            var buf = new int[t.MaxPathLength];
            double cost;
            int k = t.Path(0, 5, buf, out cost);
            Equal(k, 3, n + " path 0,0 -> 1,2 length");
            Check(k == 3 && buf[0] == 0 && buf[1] == 2 && buf[2] == 5, n + " path n0 n2 n5");
            Equal(cost, 1.0 + 1.0 * 1.4142135623730951, n + " cost of 0,0 -> 1,2");
            Equal(t.Dist(0, 5, out cost), true, n + " Dist 0 -> 5");
            Equal(cost, 2.414213562373095, n + " Dist 0 -> 5 value");
            Equal(t.Path(0, 1, buf), 0, n + " no path 0,0 -> 2,0");
            Equal(t.Dist(0, 1, out cost), false, n + " no distance 0,0 -> 2,0");
            Equal(t.Next(0, 5), 2, n + " Next 0 -> 5");
            Equal(t.Next(2, 5), 5, n + " Next 2 -> 5");
            Equal(t.Next(0, 1), -1, n + " Next 0 -> 1");
            Equal(t.Next(3, 3), -1, n + " Next 3 -> 3");
            int next;
            Equal(t.Step(0, 5, out next), StepReason.OK, n + " Step 0 -> 5");
            Equal(next, 2, n + " Step 0 -> 5 next");
            Equal(t.Step(3, 3, out next), StepReason.Arrived, n + " Step 3 -> 3");
            Equal(t.Step(0, 1, out next), StepReason.NoPath, n + " Step 0 -> 1");
            Equal(t.Path(4, 4, buf, out cost), 1, n + " path to itself");
            Equal(cost, 0.0, n + " cost to itself");
            // Every pair: Path, Next and Dist agree with each other.
            for (int s = 0; s < t.NodeCount; s++)
                for (int g = 0; g < t.NodeCount; g++)
                {
                    double pc, dc;
                    int pk = t.Path(s, g, buf, out pc);
                    bool dok = t.Dist(s, g, out dc);
                    Check((pk > 0) == dok && (pk == 0 || pc == dc), n + " Path and Dist agree on " + s + " -> " + g);
                    Check(pk < 2 ? t.Next(s, g) == -1 : t.Next(s, g) == buf[1], n + " Next is the path's second node, " + s + " -> " + g);
                }
        }
    }

    static void Lookups()
    {
        var t = Table.Open(Example("tiny-v3.ptab"));
        Equal(t.NodeAt(0, 0), 0, "NodeAt 0,0");
        Equal(t.NodeAt(1, 2), 5, "NodeAt 1,2");
        Equal(t.NodeAt(1, 0), -1, "NodeAt a wall");
        Equal(t.NodeAt(3, 0), -1, "NodeAt outside");
        Equal(t.NodeAt(-1, 0), -1, "NodeAt negative");
        Equal(t.NodeAt(int.MaxValue, int.MaxValue), -1, "NodeAt huge");
        int x, y;
        Check(t.TryXY(5, out x, out y) && x == 1 && y == 2, "TryXY 5");
        Check(!t.TryXY(6, out x, out y), "TryXY 6 of 6");
        Check(!t.TryXY(-1, out x, out y), "TryXY -1");
        Equal(t.Name(5), "1,2", "Name 5");
        Equal(t.Name(6), null, "Name 6 of 6");
        Equal(t.NodeByName("1,2"), -1, "NodeByName on a grid");
        string err;
        Equal(t.FindNode(" 1 , 2 ", out err), 5, "FindNode with spaces");
        Equal(t.FindNode("+1,2", out err), 5, "FindNode with a sign");
        Equal(t.FindNode("1,0", out err), -1, "FindNode a wall");
        Equal(err, "cell 1,0 is a wall, not a node", "FindNode a wall's error");
        t.FindNode("3,3", out err);
        Equal(err, "cell 3,3 is outside the 3x3 grid", "FindNode outside's error");
        t.FindNode("x", out err);
        Equal(err, "bad cell \"x\": want x,y", "FindNode malformed's error");
        t.FindNode("1,2,3", out err);
        Equal(err, "bad cell \"1,2,3\": want x,y", "FindNode three numbers");
        t.FindNode("99999999999,0", out err);
        Equal(err, "bad cell \"99999999999,0\": want x,y", "FindNode past int");
        Equal(t.FindNode(null, out err), -1, "FindNode null");
    }

    static void ShortBuffers()
    {
        foreach (var ex in Examples)
        {
            var t = Table.Open(Example(ex));
            var two = new int[2];
            Equal(t.Path(0, 5, two), 3, ex + " short buffer: the whole count");
            Check(two[0] == 0 && two[1] == 2, ex + " short buffer: the first nodes");
            Equal(t.Path(0, 5, new int[0]), 3, ex + " empty buffer");
            Equal(t.Path(0, 5, null), 3, ex + " null buffer counts");
            double c;
            Equal(t.Path(0, 5, null, out c), 3, ex + " null buffer with cost");
            Equal(c, 2.414213562373095, ex + " null buffer's cost");
        }
    }

    static void OutOfRange()
    {
        int[] bad = { -1, 6, 7, int.MinValue, int.MaxValue };
        foreach (var ex in Examples)
        {
            var t = Table.Open(Example(ex));
            var buf = new int[t.MaxPathLength];
            foreach (int b in bad)
            {
                double c;
                int next;
                Equal(t.Next(b, 0), -1, ex + " Next from " + b);
                Equal(t.Next(0, b), -1, ex + " Next to " + b);
                Equal(t.Path(b, 0, buf), 0, ex + " Path from " + b);
                Equal(t.Path(0, b, buf, out c), 0, ex + " Path to " + b);
                Equal(t.Dist(b, b, out c), false, ex + " Dist " + b);
                Equal(t.Step(0, b, out next), StepReason.OutOfRange, ex + " Step to " + b);
                Equal(t.Covered(b, 0), false, ex + " Covered " + b);
            }
        }
    }

    static Table FromTables(string name)
    {
        if (tables == null || !File.Exists(Path.Combine(tables, name)))
        {
            Console.Error.WriteLine("skip: no " + name + " (give check.sh's table directory)");
            return null;
        }
        return Table.Open(Path.Combine(tables, name));
    }

    static void Windowed()
    {
        foreach (var name in new[] { "tiny.win.ptab", "tiny.g.win.ptab" })
        {
            var t = FromTables(name);
            if (t == null)
                continue;
            Equal(t.Layout, Layout.Window, name + " layout");
            Equal(t.Window, 1, name + " window");
            Equal(t.MaxPathLength, 9, name + " longest path");
            // 0,0 -> 1,2 is two rows apart: outside a window of 1.
            int next;
            double c;
            Equal(t.Covered(0, 5), false, name + " 0,0 -> 1,2 not covered");
            Equal(t.Step(0, 5, out next), StepReason.NotCovered, name + " Step not covered");
            Equal(t.Path(0, 5, new int[9]), 0, name + " Path not covered");
            Equal(t.Dist(0, 5, out c), false, name + " Dist not covered");
            Equal(t.Covered(0, 2), true, name + " 0,0 -> 0,1 covered");
            Equal(t.Next(0, 2), 2, name + " Next 0,0 -> 0,1");
            Check(t.Dist(2, 5, out c) && c == 1.4142135623730951, name + " Dist 0,1 -> 1,2 walked");
            Equal(t.Step(0, 1, out next), StepReason.NotCovered, name + " Step 0,0 -> 2,0: two columns apart");
            Equal(t.Step(1, 3, out next), StepReason.NoPath, name + " Step 2,0 -> 1,1: covered, walled in");
        }
    }

    static void Graph()
    {
        var t = FromTables("lecture.gr.ptab");
        if (t == null)
            return;
        Equal(t.IsGrid, false, "lecture: a graph");
        Equal(t.NodeByName("1"), 0, "lecture: node 1");
        Equal(t.Name(0), "1", "lecture: name 0");
        Equal(t.NodeAt(0, 0), -1, "lecture: no cells");
        int x, y;
        Check(!t.TryXY(0, out x, out y), "lecture: no XY");
        string err;
        Equal(t.FindNode("zz", out err), -1, "lecture: unknown node");
        Equal(err, "no node \"zz\" in this graph", "lecture: unknown node's error");
        var r = FromTables("lecture.gr.runs.ptab");
        if (r == null)
            return;
        var b1 = new int[t.MaxPathLength];
        var b2 = new int[r.MaxPathLength];
        for (int s = 0; s < t.NodeCount; s++)
            for (int g = 0; g < t.NodeCount; g++)
            {
                double c1, c2;
                int k1 = t.Path(s, g, b1, out c1), k2 = r.Path(s, g, b2, out c2);
                Check(k1 == k2 && c1 == c2, "lecture flat and run-length agree on " + s + " -> " + g);
            }
    }

    // NoAllocation: a million queries of each kind collect no garbage.
    static void NoAllocation()
    {
        var names = new List<string>(Examples);
        foreach (var n in new[] { "maze.grid.ptab", "maze.grid.runs.ptab", "maze.grid.win.ptab", "lecture.gr.ptab" })
            if (tables != null && File.Exists(Path.Combine(tables, n)))
                names.Add(n);
        foreach (var name in names)
        {
            var t = name.StartsWith("tiny", StringComparison.Ordinal) ? Table.Open(Example(name)) : Table.Open(Path.Combine(tables, name));
            var buf = new int[t.MaxPathLength];
            int n = t.NodeCount;
            long sink = 0;
            // Warm up first (the JIT allocates).
            for (int i = 0; i < 1000; i++)
                sink += t.Path(i % n, (i * 7) % n, buf) + t.Next(i % n, (i * 7) % n);
            GC.Collect();
            int before = GC.CollectionCount(0);
            for (int i = 0; i < 1000000; i++)
            {
                int s = i % n, g = (int)((i * 2654435761L) % n);
                double c;
                int next;
                sink += t.Path(s, g, buf, out c);
                sink += t.Next(s, g);
                sink += t.Dist(s, g, out c) ? 1 : 0;
                sink += (int)t.Step(s, g, out next);
                sink += t.NodeAt(s, g);
            }
            Equal(GC.CollectionCount(0) - before, 0, name + ": garbage collections during 1,000,000 queries (sink " + (sink & 1) + ")");
        }
    }

    static void MustRefuse(byte[] b, string what)
    {
        try
        {
            Table.Open(b);
            Check(false, what + ": opened");
        }
        catch (PathTableException)
        {
            Check(true, what);
        }
        catch (Exception e)
        {
            Check(false, what + ": threw " + e.GetType().Name + ": " + e.Message);
        }
    }

    // DamageSources: the worked examples, and the b table of
    // examples/tiny-box.grid when check.sh built it.
    static List<string> DamageSources()
    {
        var l = new List<string>(Examples);
        if (tables != null && File.Exists(Path.Combine(tables, "tiny-box.grid.runs.ptab")))
            l.Add("tiny-box.grid.runs.ptab");
        return l;
    }

    static byte[] DamageSource(string name)
    {
        return name.StartsWith("tiny-box", StringComparison.Ordinal) ? File.ReadAllBytes(Path.Combine(tables, name)) : Example(name);
    }

    // Truncations: every prefix of every example is refused, as a
    // PathTableException.
    static void Truncations()
    {
        foreach (var ex in DamageSources())
        {
            var b = DamageSource(ex);
            for (int n = 0; n < b.Length; n++)
            {
                var c = new byte[n];
                Array.Copy(b, c, n);
                MustRefuse(c, ex + " cut to " + n + " bytes");
            }
        }
    }

    // ByteFlips: every byte of every example, inverted, is refused (the
    // checksum covers the bins; the framing has one valid form).
    static void ByteFlips()
    {
        foreach (var ex in DamageSources())
        {
            var b = DamageSource(ex);
            for (int i = 0; i < b.Length; i++)
            {
                var c = (byte[])b.Clone();
                c[i] ^= 0xFF;
                MustRefuse(c, ex + " byte " + i + " inverted");
            }
        }
    }

    static byte[] Bytes(params int[] v)
    {
        var b = new byte[v.Length];
        for (int i = 0; i < v.Length; i++)
            b[i] = (byte)v[i];
        return b;
    }

    static byte[] Cat(params byte[][] parts)
    {
        var m = new MemoryStream();
        foreach (var p in parts)
            m.Write(p, 0, p.Length);
        return m.ToArray();
    }

    static void HostileBytes()
    {
        var magic = Encoding.ASCII.GetBytes("PATHTABL");
        MustRefuse(new byte[0], "empty");
        MustRefuse(Cat(Bytes(0xdd, 0xff, 0xff, 0xff, 0xff, 0xa8), magic, Bytes(0x01, 0xc6, 0xff, 0xff, 0xff, 0xff)), "array of 4 billion");
        MustRefuse(Cat(Bytes(0x9c, 0xa8), magic, Bytes(0x01, 0xc4, 0x03, 0xdf, 0xff, 0xff)), "header map of 4 billion entries");
        MustRefuse(Cat(Bytes(0x91, 0xa8), magic), "one element");
        MustRefuse(Cat(Bytes(0x9c, 0xa8), magic, Bytes(0x04)), "version 4");
        MustRefuse(Cat(Bytes(0x9c, 0xa8), magic, Bytes(0xff)), "version -1");
        try
        {
            Table.Open(Cat(Bytes(0x9c, 0xa8), magic, Bytes(0x04)));
        }
        catch (PathTableException e)
        {
            Equal(e.Error, TableError.Version, "version 4's error");
            Check(e.Message.Contains("version 4"), "version 4's message names it: " + e.Message);
        }
        try
        {
            Table.Open(Encoding.ASCII.GetBytes("type octile\nheight 3\n"));
        }
        catch (PathTableException e)
        {
            Equal(e.Error, TableError.NotTable, "a map file's error");
        }
    }

    static void MissingFile()
    {
        try
        {
            Table.Open(Path.Combine(repo, "no-such-file.ptab"));
            Check(false, "a missing file opened");
        }
        catch (PathTableException e)
        {
            Equal(e.Error, TableError.Io, "a missing file's error");
            Check(e.Message.Contains("no-such-file.ptab"), "a missing file's message names it");
        }
    }

    // ---------------------------------------------------------- re-framing

    // Doc is a table split into its parts, to write back with any framing.
    sealed class Doc
    {
        public int Version;
        public List<byte[]> Bins = new List<byte[]>();
    }

    // Split reads the framing pathtable writes: fixarray, fixstr magic,
    // fixint version, bins, a 5-byte uint32 checksum.
    static Doc Split(byte[] b)
    {
        var d = new Doc();
        int n = b[0] & 0x0f, p = 10;
        d.Version = b[p++];
        for (int i = 0; i < n - 3; i++)
        {
            int w = 1 << (b[p] - 0xc4), len = 0;
            for (int k = 0; k < w; k++)
                len = len << 8 | b[p + 1 + k];
            p += 1 + w;
            var bin = new byte[len];
            Array.Copy(b, p, bin, 0, len);
            d.Bins.Add(bin);
            p += len;
        }
        return d;
    }

    static byte[] BinHead(int len, int form)
    {
        if (form == 0 && len < 256)
            return Bytes(0xc4, len);
        if (form <= 1 && len < 65536)
            return Bytes(0xc5, len >> 8, len & 0xff);
        return Bytes(0xc6, len >> 24, (len >> 16) & 0xff, (len >> 8) & 0xff, len & 0xff);
    }

    // Frame writes d back: head and magic as given, the version, the bins
    // (binForm 0 the shortest, 1 at least bin16, 2 bin32), the checksum in
    // sum's form (a prefix and its big-endian width).
    static byte[] Frame(Doc d, byte[] head = null, byte[] magic = null, byte[] version = null, int binForm = 0, int sumCode = 0xce, int sumWidth = 4)
    {
        var m = new MemoryStream();
        int count = d.Bins.Count + 3;
        head = head ?? Bytes(0x90 | count);
        magic = magic ?? Cat(Bytes(0xa8), Encoding.ASCII.GetBytes("PATHTABL"));
        version = version ?? Bytes(d.Version);
        m.Write(head, 0, head.Length);
        m.Write(magic, 0, magic.Length);
        m.Write(version, 0, version.Length);
        uint crc = 0;
        foreach (var bin in d.Bins)
        {
            var h = BinHead(bin.Length, binForm);
            m.Write(h, 0, h.Length);
            m.Write(bin, 0, bin.Length);
            crc = Crc32C.Update(crc, bin, 0, bin.Length);
        }
        m.WriteByte((byte)sumCode);
        for (int k = sumWidth - 1; k >= 0; k--)
            m.WriteByte(k >= 4 ? (byte)0 : (byte)(crc >> (8 * k)));
        return m.ToArray();
    }

    // Entries splits a header map of str keys and simple values (fixint,
    // uint8/16/32, str, nil, arrays of those) into its key and value bytes.
    static List<KeyValuePair<byte[], byte[]>> Entries(byte[] h)
    {
        var list = new List<KeyValuePair<byte[], byte[]>>();
        int p = 0, n;
        if (h[0] >= 0x80 && h[0] <= 0x8f)
        {
            n = h[0] & 0x0f;
            p = 1;
        }
        else
        {
            n = h[1] << 8 | h[2];
            p = 3;
        }
        for (int i = 0; i < n; i++)
        {
            int k0 = p;
            p = SkipSimple(h, p);
            int v0 = p;
            p = SkipSimple(h, p);
            list.Add(new KeyValuePair<byte[], byte[]>(Slice(h, k0, v0), Slice(h, v0, p)));
        }
        return list;
    }

    static int SkipSimple(byte[] h, int p)
    {
        byte c = h[p];
        if (c <= 0x7f || c == 0xc0)
            return p + 1;
        if (c >= 0xa0 && c <= 0xbf)
            return p + 1 + (c & 0x1f);
        if (c == 0xd9)
            return p + 2 + h[p + 1];
        if (c == 0xcc)
            return p + 2;
        if (c == 0xcd)
            return p + 3;
        if (c == 0xce)
            return p + 5;
        if ((c >= 0x90 && c <= 0x9f) || c == 0xdc)
        {
            int n = c == 0xdc ? h[p + 1] << 8 | h[p + 2] : c & 0x0f;
            p += c == 0xdc ? 3 : 1;
            for (int i = 0; i < n; i++)
                p = SkipSimple(h, p);
            return p;
        }
        throw new InvalidOperationException("header value 0x" + c.ToString("x2"));
    }

    static byte[] Slice(byte[] b, int from, int to)
    {
        var r = new byte[to - from];
        Array.Copy(b, from, r, 0, to - from);
        return r;
    }

    static byte[] Str(string s)
    {
        var b = Encoding.UTF8.GetBytes(s);
        return Cat(b.Length < 32 ? Bytes(0xa0 | b.Length) : Bytes(0xd9, b.Length), b);
    }

    static byte[] Map(List<KeyValuePair<byte[], byte[]>> e, bool map16 = false)
    {
        var m = new MemoryStream();
        var head = !map16 && e.Count < 16 ? Bytes(0x80 | e.Count) : Bytes(0xde, e.Count >> 8, e.Count & 0xff);
        m.Write(head, 0, head.Length);
        foreach (var kv in e)
        {
            m.Write(kv.Key, 0, kv.Key.Length);
            m.Write(kv.Value, 0, kv.Value.Length);
        }
        return m.ToArray();
    }

    static bool KeyIs(byte[] k, string s) { return Encoding.UTF8.GetString(k, 1, k.Length - 1) == s && k.Length - 1 == s.Length; }

    // WithHeader returns the table of doc with header entries changed by f.
    static byte[] WithHeader(Doc d, Func<List<KeyValuePair<byte[], byte[]>>, List<KeyValuePair<byte[], byte[]>>> f, bool map16 = false)
    {
        var e = f(Entries(d.Bins[0]));
        var c = new Doc { Version = d.Version };
        c.Bins.Add(Map(e, map16));
        for (int i = 1; i < d.Bins.Count; i++)
            c.Bins.Add(d.Bins[i]);
        return Frame(c);
    }

    static Func<List<KeyValuePair<byte[], byte[]>>, List<KeyValuePair<byte[], byte[]>>> Set(string key, byte[] value)
    {
        return e =>
        {
            var r = new List<KeyValuePair<byte[], byte[]>>();
            foreach (var kv in e)
                r.Add(KeyIs(kv.Key, key) ? new KeyValuePair<byte[], byte[]>(kv.Key, value) : kv);
            return r;
        };
    }

    static Func<List<KeyValuePair<byte[], byte[]>>, List<KeyValuePair<byte[], byte[]>>> Add(byte[] key, byte[] value)
    {
        return e =>
        {
            var r = new List<KeyValuePair<byte[], byte[]>>(e);
            r.Add(new KeyValuePair<byte[], byte[]>(key, value));
            return r;
        };
    }

    static byte[] Nested(int depth)
    {
        var b = new byte[depth + 1];
        for (int i = 0; i < depth; i++)
            b[i] = 0x91;
        b[depth] = 0x90;
        return b;
    }

    // Crafted: tables in msgpack forms the Go writer never uses but the
    // format allows (accepted), and headers the format forbids (refused).
    // Each goes to TABLES/crafted/ for check.sh to hold the Go CLI to the
    // same verdict.
    static void Crafted()
    {
        var d = Split(Example("tiny-v3.ptab"));
        var r = Split(Example("tiny-runs-v3.ptab"));
        var magic = Encoding.ASCII.GetBytes("PATHTABL");
        var ok = new Dictionary<string, byte[]>();
        var bad = new Dictionary<string, byte[]>();
        var either = new Dictionary<string, byte[]>(); // only the Go CLI's verdict (check.sh) decides
        ok["same"] = Frame(d);
        ok["array16"] = Frame(d, head: Bytes(0xdc, 0, 8));
        ok["array32"] = Frame(d, head: Bytes(0xdd, 0, 0, 0, 8));
        ok["magic str8"] = Frame(d, magic: Cat(Bytes(0xd9, 8), magic));
        ok["magic str32"] = Frame(d, magic: Cat(Bytes(0xdb, 0, 0, 0, 8), magic));
        ok["version uint16"] = Frame(d, version: Bytes(0xcd, 0, 3));
        ok["version int64"] = Frame(d, version: Bytes(0xd3, 0, 0, 0, 0, 0, 0, 0, 3));
        ok["bins bin16"] = Frame(d, binForm: 1);
        ok["bins bin32"] = Frame(d, binForm: 2);
        ok["runs bins bin32"] = Frame(r, binForm: 2);
        ok["checksum uint64"] = Frame(d, sumCode: 0xcf, sumWidth: 8);
        ok["checksum int64"] = Frame(d, sumCode: 0xd3, sumWidth: 8);
        ok["header map16"] = WithHeader(d, e => e, true);
        ok["nodes uint16"] = WithHeader(d, Set("nodes", Bytes(0xcd, 0, 6)));
        ok["nodes int32"] = WithHeader(d, Set("nodes", Bytes(0xd2, 0, 0, 0, 6)));
        ok["nodes uint64"] = WithHeader(d, Set("nodes", Bytes(0xcf, 0, 0, 0, 0, 0, 0, 0, 6)));
        ok["unknown key, nested 30 deep"] = WithHeader(d, Add(Str("zz"), Nested(30)));
        ok["unknown int key"] = WithHeader(d, Add(Bytes(0x07), Bytes(0xc3)));
        ok["unknown key, ext value"] = WithHeader(d, Add(Str("zz"), Bytes(0xc7, 2, 5, 0xaa, 0xbb)));
        ok["unknown key, float value"] = WithHeader(d, Add(Str("zz"), Bytes(0xcb, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0)));
        ok["unknown key, map value"] = WithHeader(d, Add(Str("zz"), Bytes(0x81, 0xa1, 0x61, 0x92, 0xc0, 0xc2)));
        ok["names absent"] = WithHeader(d, e => e.FindAll(kv => !KeyIs(kv.Key, "names")));
        bad["names twice"] = WithHeader(d, Add(Str("names"), Bytes(0xc0)));
        ok["layout empty"] = WithHeader(d, Add(Str("layout"), Str("")));
        ok["window 0"] = WithHeader(d, Add(Str("window"), Bytes(0)));
        ok["clearance 0"] = WithHeader(d, Add(Str("clearance"), Bytes(0)));
        ok["model str8"] = WithHeader(d, Set("model", Bytes(0xd9, 1, 0x78)));
        bad["unknown key, nested 31 deep"] = WithHeader(d, Add(Str("zz"), Nested(31)));
        bad["kind twice"] = WithHeader(d, Add(Str("kind"), Str("grid")));
        bad["nodes negative"] = WithHeader(d, Set("nodes", Bytes(0xd0, 0xfa)));
        bad["nodes float"] = WithHeader(d, Set("nodes", Bytes(0xcb, 0x40, 0x18, 0, 0, 0, 0, 0, 0)));
        bad["nodes nil"] = WithHeader(d, Set("nodes", Bytes(0xc0)));
        bad["nodes 2^63"] = WithHeader(d, Set("nodes", Bytes(0xcf, 0x80, 0, 0, 0, 0, 0, 0, 0)));
        bad["kind bin"] = WithHeader(d, Set("kind", Cat(Bytes(0xc4, 4), Encoding.ASCII.GetBytes("grid"))));
        bad["kind road"] = WithHeader(d, Set("kind", Str("road")));
        bad["names empty array"] = WithHeader(d, Add(Str("names"), Bytes(0x90)));
        bad["names of 4 billion"] = WithHeader(d, Add(Str("names"), Bytes(0xdd, 0xff, 0xff, 0xff, 0xff)));
        bad["unknown key, array of 65535"] = WithHeader(d, Add(Str("zz"), Bytes(0xdc, 0xff, 0xff)));
        bad["unknown key, str past the header"] = WithHeader(d, Add(Str("zz"), Bytes(0xda, 0xff, 0xff)));
        bad["unknown key, code 0xc1"] = WithHeader(d, Add(Str("zz"), Bytes(0xc1)));
        bad["clearance 1"] = WithHeader(d, Add(Str("clearance"), Bytes(1)));
        bad["clearance 4 on 3x3"] = WithHeader(d, Add(Str("clearance"), Bytes(4)));
        bad["layout flat"] = WithHeader(d, Add(Str("layout"), Str("flat")));
        bad["window 1 on flat"] = WithHeader(d, Add(Str("window"), Bytes(1)));
        bad["runs 1 on flat"] = WithHeader(d, Add(Str("runs"), Bytes(1)));
        bad["row_bytes on flat"] = WithHeader(d, Add(Str("row_bytes"), Bytes(1)));
        bad["metric float, octile16"] = WithHeader(d, Set("metric", Str("float")));
        bad["dist_kind u16 for octile"] = WithHeader(d, Set("dist_kind", Str("u16")));
        bad["first_enc u16"] = WithHeader(d, Set("first_enc", Str("u16")));
        bad["width 0"] = WithHeader(d, Set("width", Bytes(0)));
        either["width 4"] = WithHeader(d, Set("width", Bytes(4))); // 4x3: the same two open bytes
        either["width 5"] = WithHeader(d, Set("width", Bytes(5)));
        bad["nodes 7"] = WithHeader(d, Set("nodes", Bytes(7)));
        bad["edges 255*6"] = WithHeader(d, Set("edges", Bytes(0xcd, 0x05, 0xfa)));
        bad["runs: row_bytes absent"] = WithHeader(r, e => e.FindAll(kv => !KeyIs(kv.Key, "row_bytes")));
        bad["runs: symbols in a graph"] = WithHeader(r, Set("kind", Str("graph")));
        bad["runs: runs16x8h"] = WithHeader(r, Set("first_enc", Str("runs16x8h")));
        bad["runs: b with costs"] = WithHeader(r, Set("first_enc", Str("runs16x4hb")));
        bad["runs: b without h"] = WithHeader(r, Set("first_enc", Str("runs16x4b")));
        bad["runs: runs16x8hb"] = WithHeader(r, Set("first_enc", Str("runs16x8hb")));
        var extra = new Doc { Version = 3, Bins = new List<byte[]>(d.Bins) };
        extra.Bins[0] = Cat(d.Bins[0], Bytes(0xc0));
        bad["header: a byte after the map"] = Frame(extra);
        bad["checksum -1 int8"] = Cat(Slice(Frame(d), 0, Frame(d).Length - 5), Bytes(0xd0, 0xff));
        bad["checksum 2^32"] = Cat(Frame(d, sumCode: 0xcf, sumWidth: 8));
        var big = bad["checksum 2^32"];
        big[big.Length - 5] = 1; // the uint64's bit 32
        bad["version 2 in 8 elements"] = Frame(d, version: Bytes(2));
        bad["nothing after the bins"] = Slice(Frame(d), 0, Frame(d).Length - 5);
        bad["checksum as a str"] = Cat(Slice(Frame(d), 0, Frame(d).Length - 5), Bytes(0xa4, 1, 2, 3, 4));
        foreach (var kv in ok)
        {
            try
            {
                var t = Table.Open(kv.Value);
                Equal(t.Next(0, 5), 2, "crafted " + kv.Key + ": Next");
            }
            catch (Exception e)
            {
                Check(false, "crafted " + kv.Key + ": refused: " + e.Message);
            }
        }
        foreach (var kv in bad)
            MustRefuse(kv.Value, "crafted " + kv.Key);
        if (tables == null)
            return;
        string dir = Path.Combine(tables, "crafted");
        Directory.CreateDirectory(dir);
        foreach (var kv in ok)
            File.WriteAllBytes(Path.Combine(dir, "ok " + kv.Key + ".ptab"), kv.Value);
        foreach (var kv in bad)
            File.WriteAllBytes(Path.Combine(dir, "bad " + kv.Key + ".ptab"), kv.Value);
        foreach (var kv in either)
            File.WriteAllBytes(Path.Combine(dir, "any " + kv.Key + ".ptab"), kv.Value);
    }

    // FuzzBehindChecksum: random bytes written over random bins (the
    // checksum recomputed, so only the reader's own checks stand between
    // them and a query) are refused with PathTableException, or open and
    // then answer every query without throwing or looping.
    static void FuzzBehindChecksum()
    {
        var sources = new List<byte[]>();
        foreach (var ex in Examples)
            sources.Add(Example(ex));
        if (tables != null)
            foreach (var n in new[] { "tiny.win.ptab", "tiny.g.win.ptab", "lecture.gr.ptab", "lecture.gr.runs.ptab", "maze.grid.runs.ptab", "maze.grid.1014.ptab",
                "tiny-box.grid.runs.ptab", "small.map.runs.ptab" })
                if (File.Exists(Path.Combine(tables, n)))
                    sources.Add(File.ReadAllBytes(Path.Combine(tables, n)));
        var rnd = new Random(26);
        int opened = 0, refused = 0;
        foreach (var src in sources)
        {
            var d = Split(src);
            for (int iter = 0; iter < 3000; iter++)
            {
                var c = new Doc { Version = d.Version };
                foreach (var b in d.Bins)
                    c.Bins.Add((byte[])b.Clone());
                int hits = 1 + rnd.Next(3);
                for (int h = 0; h < hits; h++)
                {
                    var bin = c.Bins[rnd.Next(c.Bins.Count)];
                    if (bin.Length == 0)
                        continue;
                    int at = rnd.Next(bin.Length);
                    bin[at] = rnd.Next(4) == 0 ? (byte)(bin[at] ^ (1 << rnd.Next(8))) : (byte)rnd.Next(256);
                }
                Table t;
                try
                {
                    t = Table.Open(Frame(c));
                }
                catch (PathTableException)
                {
                    refused++;
                    continue;
                }
                catch (Exception e)
                {
                    Check(false, "fuzz: Open threw " + e.GetType().Name + ": " + e.Message);
                    continue;
                }
                opened++;
                try
                {
                    var buf = new int[t.MaxPathLength];
                    int n = Math.Min(t.NodeCount, 40);
                    for (int s = -1; s <= n; s++)
                        for (int g = -1; g <= n; g++)
                        {
                            double cost;
                            int next;
                            int k = t.Path(s, g, buf, out cost);
                            Check(k <= t.MaxPathLength, "fuzz: a path longer than MaxPathLength");
                            t.Next(s, g);
                            t.Dist(s, g, out cost);
                            t.Step(s, g, out next);
                            t.Covered(s, g);
                            t.Name(s);
                        }
                }
                catch (Exception e)
                {
                    Check(false, "fuzz: a query threw " + e);
                }
            }
        }
        Check(opened > 0 && refused > 0, "fuzz: " + opened + " opened, " + refused + " refused");
        Console.Error.WriteLine("fuzz behind the checksum: " + opened + " damaged tables opened and queried, " + refused + " refused");
    }

    // ------------------------------------------------------------ open boxes

    static readonly int[] BDX = { 0, 1, 1, 1, 0, -1, -1, -1 }, BDY = { -1, -1, 0, 1, 1, 1, 0, -1 };

    // BoxOpenByCells: every cell of the two nodes' bounding box is a node, cell by cell.
    static bool BoxOpenByCells(Table t, int s, int d)
    {
        int sx, sy, dx, dy;
        t.TryXY(s, out sx, out sy);
        t.TryXY(d, out dx, out dy);
        for (int y = Math.Min(sy, dy); y <= Math.Max(sy, dy); y++)
            for (int x = Math.Min(sx, dx); x <= Math.Max(sx, dx); x++)
                if (t.NodeAt(x, y) < 0)
                    return false;
        return true;
    }

    // H1 is the move FORMAT.md's ranking rule ranks first from s toward d,
    // from the cells alone: s's neighbours in direction order (no corner
    // cutting), the lowest octile key to d's cell, ties by the lower slot.
    static int H1(Table t, int s, int d)
    {
        int sx, sy, tx, ty, best = -1;
        long bestKey = 0;
        t.TryXY(s, out sx, out sy);
        t.TryXY(d, out tx, out ty);
        for (int dir = 0; dir < 8; dir++)
        {
            int vx = sx + BDX[dir], vy = sy + BDY[dir], v = t.NodeAt(vx, vy);
            bool diag = BDX[dir] != 0 && BDY[dir] != 0;
            if (v < 0 || (diag && (t.Connect == 4 || t.NodeAt(vx, sy) < 0 || t.NodeAt(sx, vy) < 0)))
                continue;
            long a = Math.Abs((long)tx - vx), b = Math.Abs((long)ty - vy);
            long key = a > b ? 985 * a + 408 * b : 985 * b + 408 * a;
            if (best < 0 || key < bestKey)
            {
                best = v;
                bestKey = key;
            }
        }
        return best;
    }

    // Widen rewrites a version 3 run-length table of 16-bit starts and 4-bit
    // moves with 32-bit starts (and 8-bit moves when bytes), first_enc enc:
    // the same answers in another encoding.
    static byte[] Widen(byte[] b, int nodes, int runs, bool bytes, string enc)
    {
        var d = Split(b);
        var c = new Doc { Version = d.Version };
        c.Bins.AddRange(d.Bins);
        c.Bins[0] = Map(Set("first_enc", Str(enc))(Entries(d.Bins[0])));
        var order = new byte[4 * nodes];
        for (int i = 0; i < nodes; i++)
        {
            order[4 * i] = d.Bins[3][2 * i];
            order[4 * i + 1] = d.Bins[3][2 * i + 1];
        }
        var rb = new byte[4 * runs + (bytes ? runs : (runs + 1) / 2)];
        for (int i = 0; i < runs; i++)
        {
            int m = (d.Bins[5][2 * runs + i / 2] >> (4 * (i % 2))) & 0xF;
            rb[4 * i] = d.Bins[5][2 * i];
            rb[4 * i + 1] = d.Bins[5][2 * i + 1];
            if (bytes)
                rb[4 * runs + i] = (byte)(m == 0xF ? 0xFF : m);
            else
                rb[4 * runs + i / 2] |= (byte)(m << (4 * (i % 2)));
        }
        c.Bins[3] = order;
        c.Bins[5] = rb;
        return Frame(c);
    }

    // Boxes: a b table (check.sh's -compress table of a level whose cells
    // all cost 1, or that table with b added to its encoding) answers by the
    // open-box rule: H_1 where the two cells' box is open, the rows' move
    // elsewhere; its distances are the flat table's, bit for bit; its
    // 32-bit encodings answer alike.
    static void Boxes()
    {
        string[] levels = { "small.map", "small.map.1014", "small.map.4", "rand.map", "rand.map.4", "rand.map.c2", "den312d.map" };
        foreach (var level in levels)
        {
            if (tables == null || !File.Exists(Path.Combine(tables, level + ".runs.ptab")) || !File.Exists(Path.Combine(tables, level + ".ptab")))
            {
                Console.Error.WriteLine("skip: no " + level + ".runs.ptab (give check.sh's table directory)");
                continue;
            }
            var bytes = File.ReadAllBytes(Path.Combine(tables, level + ".runs.ptab"));
            var t = Table.Open(bytes);
            var flat = Table.Open(Path.Combine(tables, level + ".ptab"));
            // A j encoding's b comes before its j.
            bool j = t.FirstEnc.EndsWith("j", StringComparison.Ordinal);
            string plain = j ? t.FirstEnc.Substring(0, t.FirstEnc.Length - 1) : t.FirstEnc;
            bool hasB = plain.EndsWith("b", StringComparison.Ordinal);
            string enc = hasB ? t.FirstEnc : plain + "b" + (j ? "j" : "");
            byte[] bb = hasB ? bytes : WithHeader(Split(bytes), Set("first_enc", Str(enc)));
            Table bt;
            try
            {
                bt = Table.Open(bb);
            }
            catch (PathTableException e)
            {
                Check(false, level + " as " + enc + ": refused: " + e.Message);
                continue;
            }
            Table bas = hasB ? null : t;
            int n = bt.NodeCount, open = 0, closed = 0;
            var rnd = new Random(22);
            var buf = new int[bt.MaxPathLength];
            long pairs = n <= 150 ? (long)n * n : 5000;
            for (long i = 0; i < pairs; i++)
            {
                int s = n <= 150 ? (int)(i / n) : rnd.Next(n), d = n <= 150 ? (int)(i % n) : rnd.Next(n);
                if (s == d)
                    continue;
                int next = bt.Next(s, d);
                if (BoxOpenByCells(bt, s, d))
                {
                    open++;
                    Equal(next, H1(bt, s, d), level + " as " + enc + ": " + s + " -> " + d + " in an open box: Next");
                }
                else if (bas != null)
                {
                    closed++;
                    Equal(next, bas.Next(s, d), level + " as " + enc + ": " + s + " -> " + d + " past a wall: Next as without b");
                }
                double got, want, pc;
                bool ok = bt.Dist(s, d, out got), fok = flat.Dist(s, d, out want);
                Check(ok == fok && (!ok || BitConverter.DoubleToInt64Bits(got) == BitConverter.DoubleToInt64Bits(want)),
                    level + " as " + enc + ": " + s + " -> " + d + ": Dist " + got.ToString("R") + ", flat " + want.ToString("R"));
                int k = bt.Path(s, d, buf, out pc);
                Check(ok ? k > 1 && buf[1] == next && pc == got : k == 0, level + " as " + enc + ": " + s + " -> " + d + ": Path and Next and Dist agree");
            }
            Check(open > 0 || n < 2, level + " as " + enc + ": no pair in an open box");
            Console.Error.WriteLine(level + " as " + enc + ": " + open + " pairs in open boxes, " + closed + " held to the rows without b");
            if (!enc.StartsWith("runs16x4", StringComparison.Ordinal))
                continue;
            foreach (bool by in new[] { false, true })
            {
                string wenc = (by ? "runs32x8" : "runs32x4") + enc.Substring(8);
                Table wt;
                try
                {
                    wt = Table.Open(Widen(bb, n, CountRuns(bb), by, wenc));
                }
                catch (PathTableException e)
                {
                    Check(false, level + " as " + wenc + ": refused: " + e.Message);
                    continue;
                }
                Equal(wt.FirstEnc, wenc, level + " widened");
                int step = n > 150 ? n / 150 + 1 : 1;
                for (int s = 0; s < n; s += step)
                    for (int d = 0; d < n; d += step)
                        Equal(wt.Next(s, d), bt.Next(s, d), level + " as " + wenc + ": " + s + " -> " + d + ": Next as " + enc);
            }
        }
    }

    // CountRuns reads a table's header "runs".
    static int CountRuns(byte[] b)
    {
        foreach (var kv in Entries(Split(b).Bins[0]))
            if (KeyIs(kv.Key, "runs"))
            {
                var v = kv.Value;
                return v[0] <= 0x7f ? v[0] : v[0] == 0xcc ? v[1] : v[0] == 0xcd ? v[1] << 8 | v[2]
                    : v[0] == 0xce ? v[1] << 24 | v[2] << 16 | v[3] << 8 | v[4] : -1;
            }
        return 0; // no runs (a table of one node): the key is left out
    }

    static void RefuseEnc(byte[] b, string enc, string what, string want)
    {
        try
        {
            Table.Open(WithHeader(Split(b), Set("first_enc", Str(enc))));
            Check(false, what + " as " + enc + ": opened");
        }
        catch (PathTableException e)
        {
            Check(e.Error == TableError.Corrupt && e.Message.Contains(enc) && e.Message.Contains(want) && e.Message.IndexOf('\n') < 0,
                what + " as " + enc + ": " + e.Error + " " + e.Message);
        }
    }

    // BoxesRefused: a b encoding where the format forbids it (a level with
    // costs, formats 1 and 2, a graph), b without h, and runs16x8hb are
    // refused as corrupt, naming the encoding.
    static void BoxesRefused()
    {
        var costs = Example("tiny-runs-v3.ptab");
        RefuseEnc(costs, "runs12x4hb", "tiny-runs-v3 (a cell of cost 2)", "costs bin");
        RefuseEnc(costs, "runs12x4hwb", "tiny-runs-v3 (a cell of cost 2)", "costs bin");
        RefuseEnc(Example("tiny-runs.ptab"), "runs16x4hb", "tiny-runs (format 2)", "version 3 grid");
        RefuseEnc(Example("tiny-runs.ptab"), "runs32x4hwb", "tiny-runs (format 2)", "version 3 grid");
        foreach (var name in new[] { "lecture.gr.runs.ptab", "small.map.g.runs.ptab" })
            if (tables != null && File.Exists(Path.Combine(tables, name)))
                RefuseEnc(File.ReadAllBytes(Path.Combine(tables, name)), "runs16x4hb", name, "version 3 grid");
        if (tables == null || !File.Exists(Path.Combine(tables, "small.map.runs.ptab")))
            return;
        var good = File.ReadAllBytes(Path.Combine(tables, "small.map.runs.ptab"));
        foreach (var enc in new[] { "runs16x4b", "runs16x4wb", "runs16x8hb", "runs16x8hwb", "runs16x4hbw", "runs16x4bh", "runs16x4j", "runs16x4hjb", "runs16x4hwbjj",
            "runs12x4", "runs12x4b", "runs12x8hb", "runs12x4hbw", "runs12x4hwc", "runs12x4hjb" })
            RefuseEnc(good, enc, "small.map.runs", "");
    }

    // BoxExample: the worked example of docs/FORMAT.md "Open-box
    // wildcards", examples/tiny-box.grid as check.sh builds it (-compress).
    static void BoxExample()
    {
        var t = FromTables("tiny-box.grid.runs.ptab");
        if (t == null)
            return;
        Equal(t.FirstEnc, "runs12x4hwb", "tiny-box first_enc");
        Equal(t.NodeCount, 10, "tiny-box nodes");
        var buf = new int[t.MaxPathLength];
        double cost;
        int k = t.Path(0, 9, buf, out cost);
        Equal(k, 6, "tiny-box 0,0 -> 3,2 length");
        Check(k == 6 && buf[0] == 0 && buf[1] == 3 && buf[2] == 6 && buf[3] == 7 && buf[4] == 8 && buf[5] == 9,
            "tiny-box 0,0 -> 3,2 path 0,0 0,1 0,2 1,2 2,2 3,2");
        Equal(cost, 5.0, "tiny-box 0,0 -> 3,2 cost");
        Equal(t.Next(6, 9), 7, "tiny-box 0,2 -> 3,2: H_1 in the open bottom row");
        Equal(t.Next(3, 9), 6, "tiny-box 0,1 -> 3,2: the box holds the wall at 1,1, row 1's move");
    }
}
