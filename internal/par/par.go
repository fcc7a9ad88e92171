// Package par runs independent calls on the machine's cores.
package par

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// chunk is how many consecutive indexes a goroutine takes at a time.
const chunk = 32

// Each calls fn(i) for every i in [0, n) on up to GOMAXPROCS goroutines (one when n is small) and
// returns when every call has. Calls must be independent; their order is not fixed.
func Each(n int, fn func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), 8, (n+chunk-1)/chunk)
	if workers <= 1 {
		for i := range n {
			fn(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				start := int(next.Add(chunk)) - chunk
				if start >= n {
					return
				}
				for i := start; i < min(start+chunk, n); i++ {
					fn(i)
				}
			}
		})
	}
	wg.Wait()
}
