package cloud

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

var (
	actList  = Action{Product: "clb", Version: "2018-03-17", Name: "DescribeListeners"}
	actWrite = Action{Product: "clb", Version: "2018-03-17", Name: "DeleteLoadBalancer"}
)

// vendorErr is a fake SDK error whose code the test classifier reads.
type vendorErr struct{ code string }

func (e *vendorErr) Error() string { return e.code }

func classifyFake(a Action, err error) *ReadError {
	var v *vendorErr
	if errors.As(err, &v) {
		switch v.code {
		case "RequestLimitExceeded":
			return &ReadError{Class: Throttled, Code: v.code}
		case "UnauthorizedOperation":
			return &ReadError{Class: Forbidden, Code: v.code}
		}
		return &ReadError{Class: Failed, Code: v.code}
	}
	return &ReadError{Class: Failed, Message: err.Error()}
}

// counter records Count calls.
type counter struct {
	mu  sync.Mutex
	got []string
}

func (c *counter) count(a Action, result string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.got = append(c.got, a.Name+":"+result)
}

func TestCallerCall(t *testing.T) {
	tests := []struct {
		name      string
		action    Action
		errs      []error // one per attempt; nil is success
		retries   int
		wantClass Class // "" is success
		wantCalls int
		wantCount []string
	}{
		{name: "ok", action: actList, errs: []error{nil}, wantCalls: 1, wantCount: []string{"DescribeListeners:ok"}},
		{name: "throttled then ok", action: actList, errs: []error{&vendorErr{"RequestLimitExceeded"}, &vendorErr{"RequestLimitExceeded"}, nil},
			wantCalls: 3, wantCount: []string{"DescribeListeners:throttled", "DescribeListeners:throttled", "DescribeListeners:ok"}},
		{name: "throttled past retries", action: actList, retries: 2,
			errs:      []error{&vendorErr{"RequestLimitExceeded"}, &vendorErr{"RequestLimitExceeded"}, &vendorErr{"RequestLimitExceeded"}, nil},
			wantClass: Throttled, wantCalls: 3},
		{name: "forbidden is not retried", action: actList, errs: []error{&vendorErr{"UnauthorizedOperation"}, nil},
			wantClass: Forbidden, wantCalls: 1, wantCount: []string{"DescribeListeners:forbidden"}},
		{name: "unregistered action never runs", action: actWrite, errs: []error{nil}, wantClass: Failed, wantCalls: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c counter
			caller := &Caller{Actions: []Action{actList}, Classify: classifyFake, Retries: tt.retries, Backoff: time.Millisecond, Count: c.count}
			calls := 0
			re := caller.Call(context.Background(), tt.action, func(context.Context) error {
				err := tt.errs[calls]
				calls++
				return err
			})
			if calls != tt.wantCalls {
				t.Errorf("fn ran %d times, want %d", calls, tt.wantCalls)
			}
			switch {
			case tt.wantClass == "" && re != nil:
				t.Errorf("Call = %v, want nil", re)
			case tt.wantClass != "" && (re == nil || re.Class != tt.wantClass):
				t.Errorf("Call = %v, want class %s", re, tt.wantClass)
			case re != nil && re.Action != tt.action:
				t.Errorf("ReadError.Action = %v, want %v", re.Action, tt.action)
			}
			if tt.wantCount != nil && !equal(c.got, tt.wantCount) {
				t.Errorf("Count saw %v, want %v", c.got, tt.wantCount)
			}
		})
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestCallerTimeout(t *testing.T) {
	caller := &Caller{Actions: []Action{actList}, Classify: classifyFake, Timeout: 20 * time.Millisecond}
	start := time.Now()
	re := caller.Call(context.Background(), actList, func(ctx context.Context) error {
		<-ctx.Done()
		return ctx.Err()
	})
	if re == nil || re.Class != Unreachable {
		t.Fatalf("Call = %v, want class unreachable", re)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the attempt ran %v past its 20ms bound", d)
	}
}

func TestCallerStopsRetryingWhenContextEnds(t *testing.T) {
	caller := &Caller{Actions: []Action{actList}, Classify: classifyFake, Retries: 5, Backoff: time.Hour}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	calls := 0
	re := caller.Call(ctx, actList, func(context.Context) error {
		calls++
		return &vendorErr{"RequestLimitExceeded"}
	})
	if re == nil || re.Class != Unreachable || calls != 1 {
		t.Errorf("Call = %v after %d calls, want unreachable after 1 (the backoff outlives the context)", re, calls)
	}
}
