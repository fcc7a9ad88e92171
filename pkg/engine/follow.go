package engine

import (
	"context"
	"errors"
	"time"
)

// ErrFirstPassLate is Follow's error when the first pass did not come within its deadline: an
// informer did not sync with the API server.
var ErrFirstPassLate = errors.New("the first diagnosis did not complete in time")

// Follow runs an engine of cfg until ctx ends, as a watch does: the first pass goes to first, whose
// error ends the run; each later pass goes to next (both from the engine's goroutine; cfg.OnUpdate
// is replaced). A deadline (0: none) bounds the wait for the first pass; past it Follow returns
// ErrFirstPassLate. An end of ctx is no error.
func Follow(ctx context.Context, cfg Config, deadline time.Duration, first func(Update) error, next func(Update)) error {
	initial := make(chan error, 1)
	cfg.OnUpdate = func(u Update) {
		if u.Initial {
			initial <- first(u)
			return
		}
		next(u)
	}
	eng := New(cfg)
	ectx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- eng.Run(ectx) }()
	var expired <-chan time.Time
	if deadline > 0 {
		t := time.NewTimer(deadline)
		defer t.Stop()
		expired = t.C
	}
	select {
	case err := <-initial:
		if err != nil {
			return err
		}
	case <-expired:
		return ErrFirstPassLate
	case <-ctx.Done():
		return nil
	}
	<-ctx.Done()
	cancel()
	return <-done
}
