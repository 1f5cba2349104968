module github.com/pathtable/pathtable/build/compare

go 1.26.8

require (
	github.com/pathtable/pathtable v0.0.0
	gonum.org/v1/gonum v0.17.0
)

require (
	github.com/vmihailenco/msgpack/v5 v5.4.1 // indirect
	github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
)

replace github.com/pathtable/pathtable => ../..
