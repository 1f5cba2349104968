package build

import (
	"math/rand/v2"
	"strings"
)

// braidedMaze makes the .grid text of a maze of w×h rooms, one cell each,
// joined by one-cell corridors into a spanning tree grown depth-first, with
// a share of the remaining walls between rooms knocked out as well so
// that the maze has loops and its paths stay short. The text is
// (2w+1)×(2h+1) cells, about 2·w·h of them open.
func braidedMaze(r *rand.Rand, w, h int, braid float64) string {
	W, H := 2*w+1, 2*h+1
	cells := make([]byte, W*H)
	for i := range cells {
		cells[i] = '#'
	}
	open := func(x, y int) { cells[y*W+x] = '.' }
	seen := make([]bool, w*h)
	stack := []int{0}
	seen[0] = true
	open(1, 1)
	steps := [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		x, y := c%w, c/w
		var next []int
		for _, d := range steps {
			if nx, ny := x+d[0], y+d[1]; nx >= 0 && nx < w && ny >= 0 && ny < h && !seen[ny*w+nx] {
				next = append(next, ny*w+nx)
			}
		}
		if len(next) == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		n := next[r.IntN(len(next))]
		nx, ny := n%w, n/w
		seen[n] = true
		open(2*nx+1, 2*ny+1)
		open(x+nx+1, y+ny+1) // the wall between them
		stack = append(stack, n)
	}
	for y := 1; y < H-1; y++ {
		for x := 1; x < W-1; x++ {
			if (x+y)%2 == 1 && cells[y*W+x] == '#' && r.Float64() < braid {
				open(x, y)
			}
		}
	}
	var sb strings.Builder
	for y := range H {
		sb.Write(cells[y*W : (y+1)*W])
		sb.WriteByte('\n')
	}
	return sb.String()
}
