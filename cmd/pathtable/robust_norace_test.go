//go:build !race

package main

const robustRace = false
