package maps

import "path/filepath"

// Level is a level file as loaded: its graph, and what identifies the file
// it came from, which a table built from it records so that it can later
// tell whether the file has changed (build.BuildLevel, build.InputHash).
type Level struct {
	Graph *Graph
	// Name is the file name as given to Load or ParseLevel; Source is its
	// base name, which a table records.
	Name, Source string
	Format       Format
	Options      Options // as the graph was made: zero fields filled
	Data         []byte  // the bytes the graph was parsed from
}

// Load reads and parses the level file at path, in the format its
// extension names. O(file size + V + E); the Level keeps the file's bytes.
func Load(path string, opt Options) (*Level, error) {
	if _, err := FormatOf(path); err != nil {
		return nil, err
	}
	data, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseLevel(path, data, opt)
}

// ParseLevel parses data, the contents of the level file called name, in
// the format name's extension names. O(len(data) + V + E); the Level keeps
// data.
func ParseLevel(name string, data []byte, opt Options) (*Level, error) {
	f, err := FormatOf(name)
	if err != nil {
		return nil, err
	}
	opt, err = opt.resolve(f, name)
	if err != nil {
		return nil, err
	}
	g, err := parse(f, name, data, opt)
	if err != nil {
		return nil, err
	}
	return &Level{Graph: g, Name: name, Source: filepath.Base(name), Format: f, Options: opt, Data: data}, nil
}
