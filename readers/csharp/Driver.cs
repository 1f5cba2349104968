// Driver.cs: the command-line driver of PathTable.cs that readers/check
// runs (readers/README protocol, docs in readers/csharp/README.md):
//
//   mono ptread.exe TABLE < queries          one answer line per "FROM TO" line,
//                                            as `pathtable query TABLE` prints it
//   mono ptread.exe -bench TABLE < queries   path step and first-move timings
//
// A bad query line gets a one-line message on stderr and no answer; the
// exit status is 1 when any line was bad or the table is refused.

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Text;
using PathTable;

static class Driver
{
    static int Main(string[] args)
    {
        bool bench = args.Length == 2 && args[0] == "-bench";
        if (args.Length != 1 && !bench)
        {
            Console.Error.WriteLine("usage: ptread [-bench] TABLE < queries");
            return 2;
        }
        string path = args[args.Length - 1];
        Table t;
        try
        {
            t = Table.Open(path);
        }
        catch (PathTableException e)
        {
            Console.Error.WriteLine("ptread: " + e.Message);
            return 1;
        }
        var stdin = new StreamReader(Console.OpenStandardInput(), new UTF8Encoding(false), false, 1 << 16);
        var stdout = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false), 1 << 16);
        stdout.NewLine = "\n";
        stdout.AutoFlush = false;
        int rc = bench ? Bench(t, stdin, stdout) : Query(t, stdin, stdout);
        stdout.Flush();
        return rc;
    }

    // Fields splits a line on white space, as Go's strings.Fields does.
    static void Fields(string line, List<string> f)
    {
        f.Clear();
        int i = 0;
        while (i < line.Length)
        {
            while (i < line.Length && char.IsWhiteSpace(line[i]))
                i++;
            int start = i;
            while (i < line.Length && !char.IsWhiteSpace(line[i]))
                i++;
            if (i > start)
                f.Add(line.Substring(start, i - start));
        }
    }

    static int Query(Table t, TextReader stdin, TextWriter stdout)
    {
        var f = new List<string>(4);
        var buf = new int[t.MaxPathLength];
        int bad = 0, lineNo = 0;
        var sb = new StringBuilder(256);
        string line;
        while ((line = stdin.ReadLine()) != null)
        {
            lineNo++;
            Fields(line, f);
            if (f.Count == 0 || f[0].StartsWith("#", StringComparison.Ordinal))
                continue;
            if (f.Count != 2)
            {
                stdout.Flush();
                Console.Error.WriteLine("ptread: stdin:" + lineNo + ": want FROM TO, got " + GoQuote(line.Trim()));
                bad++;
                continue;
            }
            string err;
            int s = t.FindNode(f[0], out err);
            if (s < 0)
            {
                stdout.Flush();
                Console.Error.WriteLine("ptread: stdin:" + lineNo + ": FROM: " + err);
                bad++;
                continue;
            }
            int g = t.FindNode(f[1], out err);
            if (g < 0)
            {
                stdout.Flush();
                Console.Error.WriteLine("ptread: stdin:" + lineNo + ": TO: " + err);
                bad++;
                continue;
            }
            sb.Clear();
            sb.Append(f[0]).Append(" -> ").Append(f[1]);
            if (!t.Covered(s, g))
                sb.Append(" not covered (outside the window of ").Append(f[1]).Append(')');
            else
            {
                double cost;
                int k = t.Path(s, g, buf, out cost);
                if (k == 0)
                    sb.Append(" no path");
                else
                {
                    sb.Append(" cost ").Append(FormatCost(cost)).Append(" path");
                    for (int i = 0; i < k; i++)
                    {
                        int x, y;
                        if (t.TryXY(buf[i], out x, out y))
                            sb.Append(' ').Append(x).Append(',').Append(y);
                        else
                            sb.Append(' ').Append(t.Name(buf[i]));
                    }
                }
            }
            stdout.WriteLine(sb.ToString());
        }
        return bad > 0 ? 1 : 0;
    }

    // FormatCost prints v with the fewest significant digits (15, 16 or
    // 17) that parse back to the same float64: Go's digits for most values,
    // though Go never uses exponent notation and G does for large and tiny
    // ones. The cross-check compares costs as float64 bits.
    static string FormatCost(double v)
    {
        string s = null;
        for (int p = 15; p <= 17; p++)
        {
            s = v.ToString(p == 15 ? "G15" : p == 16 ? "G16" : "G17", CultureInfo.InvariantCulture);
            if (double.Parse(s, CultureInfo.InvariantCulture) == v)
                break;
        }
        return s;
    }

    static string GoQuote(string s)
    {
        var sb = new StringBuilder("\"");
        foreach (char c in s)
        {
            if (c == '"' || c == '\\')
                sb.Append('\\').Append(c);
            else if (c < 0x20)
                sb.Append("\\x").Append(((int)c).ToString("x2"));
            else
                sb.Append(c);
        }
        return sb.Append('"').ToString();
    }

    // Bench resolves the pairs once, then times whole paths into one reused
    // buffer and first moves, each repeated for at least a second.
    static int Bench(Table t, TextReader stdin, TextWriter stdout)
    {
        var f = new List<string>(4);
        var from = new List<int>();
        var to = new List<int>();
        string line;
        string err;
        int lineNo = 0;
        while ((line = stdin.ReadLine()) != null)
        {
            lineNo++;
            Fields(line, f);
            if (f.Count == 0 || f[0].StartsWith("#", StringComparison.Ordinal))
                continue;
            int s = f.Count == 2 ? t.FindNode(f[0], out err) : -1;
            int g = s >= 0 ? t.FindNode(f[1], out err) : -1;
            if (s < 0 || g < 0)
            {
                Console.Error.WriteLine("ptread: stdin:" + lineNo + ": not a pair of nodes: " + GoQuote(line.Trim()));
                return 1;
            }
            from.Add(s);
            to.Add(g);
        }
        int n = from.Count;
        if (n == 0)
        {
            Console.Error.WriteLine("ptread: -bench: no pairs on stdin");
            return 1;
        }
        int[] a = from.ToArray(), b = to.ToArray();
        var buf = new int[t.MaxPathLength];
        long stepsPerRound = 0;
        for (int i = 0; i < n; i++)
        {
            int k = t.Path(a[i], b[i], buf);
            if (k > 1)
                stepsPerRound += k - 1;
        }
        // Warm up the JIT, then time.
        long sink = 0;
        var sw = Stopwatch.StartNew();
        long steps = 0;
        do
        {
            for (int i = 0; i < n; i++)
            {
                int k = t.Path(a[i], b[i], buf);
                if (k > 1)
                    steps += k - 1;
                sink += buf[0];
            }
        } while (sw.ElapsedMilliseconds < 1000);
        double pathNs = sw.Elapsed.TotalMilliseconds * 1e6 / Math.Max(steps, 1);
        long calls = 0;
        sw.Restart();
        do
        {
            for (int i = 0; i < n; i++)
                sink += t.Next(a[i], b[i]);
            calls += n;
        } while (sw.ElapsedMilliseconds < 1000);
        double nextNs = sw.Elapsed.TotalMilliseconds * 1e6 / calls;
        var inv = CultureInfo.InvariantCulture;
        stdout.WriteLine(string.Format(inv, "pairs={0} steps_per_path={1:F2} path_step_ns={2:F2} next_ns={3:F2}",
            n, (double)stepsPerRound / n, pathNs, nextNs));
        if (sink == 42)
            Console.Error.WriteLine("");
        return 0;
    }
}
