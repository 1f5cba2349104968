package maps

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	quotes "github.com/pathtable/pathtable/internal/quote"
)

// JSON waypoint graphs:
//
//	{"directed": false,
//	 "nodes": [{"id": "a", "x": 0, "y": 0}, ...],
//	 "edges": [{"from": "a", "to": "b", "cost": 1.5}, ...]}
//
// "directed" defaults to false (each edge goes both ways); "edges" may be
// left out; x and y are optional but given for all nodes or for none.
// Unknown and repeated fields are errors. The document is read token by
// token so that every error can name its JSON path and its line and column.

// parseJSON reads a JSON waypoint graph. Parallel edges keep the smallest
// cost, self-loops are dropped; node names are the ids in the order given.
// O(len(data) + E log E).
func parseJSON(name string, data []byte) (*Graph, error) {
	data = bytes.TrimPrefix(data, utf8BOM)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	p := &jsonParser{name: name, data: data, dec: dec}
	if err := p.document(); err != nil {
		return nil, err
	}
	return p.graph()
}

type jsonParser struct {
	name string
	data []byte
	dec  *json.Decoder

	directed  bool
	haveNodes bool // a "nodes" field was seen
	nodes     []jsonNode
	edges     []jsonEdge
}

type jsonNode struct {
	id    string
	x, y  float64
	hasX  bool
	hasY  bool
	off   int // offset of the node's object
	idOff int // offset of its id
}

type jsonEdge struct {
	from, to       string
	cost           float64
	fromOff, toOff int
}

// jpath is a JSON path such as nodes[3].id, built into a string only for
// error messages.
type jpath struct {
	list  string // "nodes", "edges" or a top-level field; "" for the root
	index int    // element of list, -1 for none
	field string // field of the element
}

func (p jpath) String() string {
	s := pathName(p.list)
	if p.index >= 0 {
		s += "[" + strconv.Itoa(p.index) + "]"
	}
	if p.field != "" {
		s += "." + pathName(p.field)
	}
	return s
}

// pathName is a field name as a path shows it: bare when it is a short
// word, else quoted, so that a key holding a newline or a megabyte of text
// cannot break or flood a one-line error.
func pathName(name string) string {
	if len(name) > quotes.MaxShown {
		return quoteStr(name)
	}
	for _, c := range []byte(name) {
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return quoteStr(name)
		}
	}
	return name
}

// errAt returns a *ParseError at byte offset off of the document.
func (p *jsonParser) errAt(off int, path jpath, err error) error {
	line, col := lineCol(p.data, off)
	return &ParseError{File: p.name, Line: line, Col: col, Path: path.String(), Err: err}
}

// next returns the next token and the offset where it starts; at the end
// of the input or on bad syntax, a *ParseError.
func (p *jsonParser) next(path jpath) (json.Token, int, error) {
	off := p.skipSpace()
	tok, err := p.dec.Token()
	if err != nil {
		return nil, 0, p.syntaxErr(path, err)
	}
	return tok, off, nil
}

// skipSpace returns the offset where the next token starts.
func (p *jsonParser) skipSpace() int {
	off := int(p.dec.InputOffset())
	for off < len(p.data) {
		switch p.data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

// syntaxErr turns an error of the decoder into a *ParseError. The decoder's
// offsets are loose, so the position comes from a full parse, whose offsets
// are exact (one past the offending byte).
func (p *jsonParser) syntaxErr(path jpath, err error) error {
	var raw json.RawMessage
	var syn *json.SyntaxError
	if uerr := json.Unmarshal(p.data, &raw); errors.As(uerr, &syn) {
		return p.errAt(int(syn.Offset)-1, path, fmt.Errorf("JSON syntax: %w", syn))
	}
	if err == io.EOF {
		err = io.ErrUnexpectedEOF // within a value: the top level checks for io.EOF itself
	}
	return p.errAt(len(p.data), path, fmt.Errorf("JSON syntax: %w", err))
}

// quoteStr renders a string from the document for an error message.
func quoteStr(s string) string { return quote([]byte(s)) }

// numText renders a number token for an error message.
func numText(tok json.Token) string {
	num, _ := tok.(json.Number)
	return short([]byte(num))
}

// describe names the JSON type of a token for error messages.
func describe(tok json.Token) string {
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			return "an object"
		case '[':
			return "an array"
		}
		return strconv.Quote(t.String())
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return "a boolean"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T", tok)
}

// document reads the top-level object and checks nothing follows it.
func (p *jsonParser) document() error {
	root := jpath{index: -1}
	tok, off, err := p.next(root)
	if err != nil {
		return err
	}
	if tok != json.Delim('{') {
		return p.errAt(off, root, fmt.Errorf("want an object at the top level, got %s", describe(tok)))
	}
	seen := map[string]bool{}
	for {
		tok, off, err := p.next(root)
		if err != nil {
			return err
		}
		if tok == json.Delim('}') {
			break
		}
		key, ok := tok.(string) // the decoder yields only strings as keys
		at := jpath{list: key, index: -1}
		if !ok {
			return p.errAt(off, root, fmt.Errorf("want a field name, got %s", describe(tok)))
		}
		if seen[key] {
			return p.errAt(off, at, errors.New("repeated field"))
		}
		seen[key] = true
		switch key {
		case "directed":
			tok, off, err := p.next(at)
			if err != nil {
				return err
			}
			switch t := tok.(type) {
			case bool:
				p.directed = t
			case nil:
			default:
				return p.errAt(off, at, fmt.Errorf("want a boolean, got %s", describe(tok)))
			}
		case "nodes":
			p.haveNodes = true
			err = p.list(key, p.node)
		case "edges":
			err = p.list(key, p.edge)
		default:
			return p.errAt(off, at, fmt.Errorf("unknown field %s (want directed, nodes or edges)", quoteStr(key)))
		}
		if err != nil {
			return err
		}
	}
	off = p.skipSpace()
	switch tok, err := p.dec.Token(); err {
	case io.EOF:
		return nil
	case nil:
		return p.errAt(off, root, fmt.Errorf("want the end of the input after the top-level object, got %s", describe(tok)))
	default:
		return p.syntaxErr(root, err)
	}
}

// list reads an array of objects (or null), calling elem for each element
// after its opening '{'.
func (p *jsonParser) list(key string, elem func(i, off int) error) error {
	at := jpath{list: key, index: -1}
	tok, off, err := p.next(at)
	if err != nil {
		return err
	}
	if tok == nil {
		return nil
	}
	if tok != json.Delim('[') {
		return p.errAt(off, at, fmt.Errorf("want an array of objects, got %s", describe(tok)))
	}
	for i := 0; ; i++ {
		at.index = i
		tok, off, err := p.next(at)
		if err != nil {
			return err
		}
		if tok == json.Delim(']') {
			return nil
		}
		if tok != json.Delim('{') {
			return p.errAt(off, at, fmt.Errorf("want an object, got %s", describe(tok)))
		}
		if err := elem(i, off); err != nil {
			return err
		}
	}
}

// fields reads the fields of an object whose '{' has been read, calling
// value with each field's name, value token and the value's offset. Every
// field of a node or an edge is a scalar: value must refuse unknown fields,
// objects and arrays. Repeated fields are errors.
func (p *jsonParser) fields(at jpath, value func(key string, tok json.Token, off int) error) error {
	var seen []string
	for {
		tok, off, err := p.next(at)
		if err != nil {
			return err
		}
		if tok == json.Delim('}') {
			return nil
		}
		key, ok := tok.(string) // the decoder yields only strings as keys
		if !ok {
			return p.errAt(off, at, fmt.Errorf("want a field name, got %s", describe(tok)))
		}
		kat := at
		kat.field = key
		for _, s := range seen {
			if s == key {
				return p.errAt(off, kat, errors.New("repeated field"))
			}
		}
		seen = append(seen, key)
		tok, voff, err := p.next(kat)
		if err != nil {
			return err
		}
		if err := value(key, tok, voff); err != nil {
			return err
		}
	}
}

func (p *jsonParser) node(i, off int) error {
	if len(p.nodes) >= maxNodes {
		return p.errAt(off, jpath{list: "nodes", index: i}, fmt.Errorf("%w: more than %d nodes", ErrTooLarge, maxNodes))
	}
	nd := jsonNode{off: off, idOff: -1}
	at := jpath{list: "nodes", index: i}
	err := p.fields(at, func(key string, tok json.Token, voff int) error {
		kat := at
		kat.field = key
		switch key {
		case "id":
			s, ok := tok.(string)
			if !ok {
				return p.errAt(voff, kat, fmt.Errorf("want a string, got %s", describe(tok)))
			}
			if s == "" {
				return p.errAt(voff, kat, errors.New("empty node id"))
			}
			if err := checkID(s); err != nil {
				return p.errAt(voff, kat, err)
			}
			nd.id, nd.idOff = s, voff
		case "x", "y":
			if tok == nil {
				return nil // same as absent
			}
			v, err := p.number(tok, voff, kat)
			if err != nil {
				return err
			}
			if math.IsInf(v, 0) {
				return p.errAt(voff, kat, fmt.Errorf("coordinate %s is out of range", numText(tok)))
			}
			if key == "x" {
				nd.x, nd.hasX = v, true
			} else {
				nd.y, nd.hasY = v, true
			}
		default:
			return p.errAt(voff, kat, fmt.Errorf("unknown field %s (want id, x, y)", quoteStr(key)))
		}
		return nil
	})
	if err != nil {
		return err
	}
	if nd.idOff < 0 {
		return p.errAt(off, jpath{list: "nodes", index: i, field: "id"}, errors.New("missing id"))
	}
	p.nodes = append(p.nodes, nd)
	return nil
}

func (p *jsonParser) edge(i, off int) error {
	e := jsonEdge{fromOff: -1, toOff: -1}
	hasCost := false
	at := jpath{list: "edges", index: i}
	err := p.fields(at, func(key string, tok json.Token, voff int) error {
		kat := at
		kat.field = key
		switch key {
		case "from", "to":
			s, ok := tok.(string)
			if !ok {
				return p.errAt(voff, kat, fmt.Errorf("want a node id (a string), got %s", describe(tok)))
			}
			if key == "from" {
				e.from, e.fromOff = s, voff
			} else {
				e.to, e.toOff = s, voff
			}
		case "cost":
			v, err := p.number(tok, voff, kat)
			if err != nil {
				return err
			}
			switch {
			case math.IsInf(v, 0):
				return p.errAt(voff, kat, fmt.Errorf("%w: %s is out of range", ErrBadCost, numText(tok)))
			case v < 0:
				return p.errAt(voff, kat, fmt.Errorf("%w: %s", ErrNegativeCost, numText(tok)))
			}
			e.cost, hasCost = v+0, true // +0 turns -0 into 0
		default:
			return p.errAt(voff, kat, fmt.Errorf("unknown field %s (want from, to, cost)", quoteStr(key)))
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		ok   bool
	}{{"from", e.fromOff >= 0}, {"to", e.toOff >= 0}, {"cost", hasCost}} {
		if !f.ok {
			return p.errAt(off, jpath{list: "edges", index: i, field: f.name}, fmt.Errorf("missing %s", f.name))
		}
	}
	p.edges = append(p.edges, e)
	return nil
}

// number converts a number token to float64; ±Inf means out of range.
func (p *jsonParser) number(tok json.Token, off int, at jpath) (float64, error) {
	num, ok := tok.(json.Number)
	if !ok {
		return 0, p.errAt(off, at, fmt.Errorf("want a number, got %s", describe(tok)))
	}
	v, err := strconv.ParseFloat(string(num), 64)
	if err != nil && !math.IsInf(v, 0) {
		return 0, p.errAt(off, at, fmt.Errorf("bad number %s: %w", numText(num), err))
	}
	return v, nil
}

// graph resolves the collected nodes and edges into a Graph.
func (p *jsonParser) graph() (*Graph, error) {
	if !p.haveNodes {
		return nil, &ParseError{File: p.name, Path: "nodes", Err: errors.New("missing field (want a list of nodes, possibly empty)")}
	}
	index := make(map[string]int32, len(p.nodes))
	names := make([]string, len(p.nodes))
	hasXY := len(p.nodes) > 0 && (p.nodes[0].hasX || p.nodes[0].hasY)
	var xs, ys []float64
	if hasXY {
		xs, ys = make([]float64, len(p.nodes)), make([]float64, len(p.nodes))
	}
	for i, nd := range p.nodes {
		if j, dup := index[nd.id]; dup {
			return nil, p.errAt(nd.idOff, jpath{list: "nodes", index: i, field: "id"},
				fmt.Errorf("%w %s (also nodes[%d])", ErrDuplicateID, quoteStr(nd.id), j))
		}
		index[nd.id] = int32(i)
		names[i] = nd.id
		switch {
		case nd.hasX != nd.hasY:
			missing := "y"
			if nd.hasY {
				missing = "x"
			}
			return nil, p.errAt(nd.off, jpath{list: "nodes", index: i, field: missing},
				fmt.Errorf("node %s has only one coordinate: missing %s", quoteStr(nd.id), missing))
		case nd.hasX != hasXY:
			what := "has no coordinates but"
			if nd.hasX {
				what = "has coordinates but not"
			}
			return nil, p.errAt(nd.off, jpath{list: "nodes", index: i},
				fmt.Errorf("node %s %s node %s (nodes[0]): give x and y for all nodes or none", quoteStr(nd.id), what, quoteStr(p.nodes[0].id)))
		case hasXY:
			xs[i], ys[i] = nd.x, nd.y
		}
	}
	arcs := make([]arc, 0, len(p.edges))
	for i, e := range p.edges {
		u, ok := index[e.from]
		if !ok {
			return nil, p.errAt(e.fromOff, jpath{list: "edges", index: i, field: "from"}, fmt.Errorf("%w %s", ErrUnknownNode, quoteStr(e.from)))
		}
		v, ok := index[e.to]
		if !ok {
			return nil, p.errAt(e.toOff, jpath{list: "edges", index: i, field: "to"}, fmt.Errorf("%w %s", ErrUnknownNode, quoteStr(e.to)))
		}
		arcs = append(arcs, arc{from: u, to: v, w: e.cost})
		if !p.directed {
			arcs = append(arcs, arc{from: v, to: u, w: e.cost})
		}
	}
	g, err := buildGraph(len(p.nodes), arcs)
	if err != nil {
		return nil, &ParseError{File: p.name, Path: "edges", Err: err}
	}
	g.Metric = metricOf(g.Weights)
	g.Names = names
	g.X, g.Y = xs, ys
	return g, nil
}
