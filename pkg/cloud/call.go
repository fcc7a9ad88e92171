package cloud

import (
	"context"
	"errors"
	"sync"
	"time"
)

// Caller makes a provider's cloud calls: only actions of its registry, each bounded by Timeout,
// throttled ones retried with bounded backoff, every call counted.
type Caller struct {
	// Actions is the provider's registry of actions; calling any other is an error.
	Actions []Action
	// Classify turns a vendor SDK error into a ReadError (its class, code and redacted message).
	Classify func(a Action, err error) *ReadError
	// Timeout bounds each attempt; zero leaves only the context's deadline.
	Timeout time.Duration
	// Retries is how many times a throttled call is tried again (default 3).
	Retries int
	// Backoff is the wait before the first retry, doubled each time (default 200ms).
	Backoff time.Duration
	// Count, when set, is told each attempt's action and result ("ok" or a Class), by one
	// goroutine at a time although a reader's calls run concurrently.
	Count   func(a Action, result string)
	countMu sync.Mutex
}

// errUnregistered is the class-less error of a call outside the registry: a program error.
var errUnregistered = errors.New("action is not in the provider's registry")

// Call runs fn for action a. It returns nil or a *ReadError.
func (c *Caller) Call(ctx context.Context, a Action, fn func(ctx context.Context) error) *ReadError {
	if !c.registered(a) {
		return &ReadError{Action: a, Class: Failed, Message: errUnregistered.Error()}
	}
	retries, wait := c.Retries, c.Backoff
	if retries == 0 {
		retries = 3
	}
	if wait == 0 {
		wait = 200 * time.Millisecond
	}
	for attempt := 0; ; attempt++ {
		err := c.attempt(ctx, fn)
		if err == nil {
			c.count(a, "ok")
			return nil
		}
		re := c.classify(ctx, a, err)
		c.count(a, string(re.Class))
		if re.Class != Throttled || attempt >= retries {
			return re
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return &ReadError{Action: a, Class: Unreachable, Message: ctx.Err().Error()}
		case <-t.C:
		}
		wait *= 2
	}
}

func (c *Caller) attempt(ctx context.Context, fn func(ctx context.Context) error) error {
	if c.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.Timeout)
		defer cancel()
	}
	return fn(ctx)
}

func (c *Caller) classify(ctx context.Context, a Action, err error) *ReadError {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) || ctx.Err() != nil {
		return &ReadError{Action: a, Class: Unreachable, Message: "no answer in time"}
	}
	if c.Classify == nil {
		return &ReadError{Action: a, Class: Failed}
	}
	re := c.Classify(a, err)
	re.Action = a
	return re
}

func (c *Caller) registered(a Action) bool {
	for _, r := range c.Actions {
		if r.Product == a.Product && r.Name == a.Name && r.Version == a.Version {
			return true
		}
	}
	return false
}

func (c *Caller) count(a Action, result string) {
	if c.Count != nil {
		c.countMu.Lock()
		defer c.countMu.Unlock()
		c.Count(a, result)
	}
}
