package cloud

import (
	"errors"
	"slices"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

func TestTableGet(t *testing.T) {
	denied := &ReadError{Action: Action{Product: "clb", Name: "DescribeListeners"}, Class: Forbidden, Code: "UnauthorizedOperation"}
	all := &ReadError{Class: Unauthenticated}
	tests := []struct {
		name      string
		fill      func(t *Table[string])
		id        string
		want      string
		wantErr   error
		wantClass Class
	}{
		{name: "found", fill: func(t *Table[string]) { t.Put("lb-1", "one") }, id: "lb-1", want: "one"},
		{name: "missing", fill: func(t *Table[string]) { t.Missing("lb-1") }, id: "lb-1", wantErr: ErrNotFound},
		{name: "failed item", fill: func(t *Table[string]) { t.Fail("lb-1", denied) }, id: "lb-1", wantClass: Forbidden},
		{name: "failed table", fill: func(t *Table[string]) { t.FailAll(all) }, id: "lb-1", wantClass: Unauthenticated},
		{name: "item wins over table failure", fill: func(t *Table[string]) { t.FailAll(all); t.Put("lb-1", "one") }, id: "lb-1", want: "one"},
		{name: "item failure wins over table failure", fill: func(t *Table[string]) { t.FailAll(all); t.Fail("lb-1", denied) }, id: "lb-1", wantClass: Forbidden},
		{name: "never asked", fill: func(*Table[string]) {}, id: "lb-9", wantClass: NotRead},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tab Table[string]
			tt.fill(&tab)
			got, err := tab.Get(tt.id)
			if got != tt.want {
				t.Errorf("Get = %q, want %q", got, tt.want)
			}
			switch {
			case tt.wantErr != nil:
				if !errors.Is(err, tt.wantErr) {
					t.Errorf("err = %v, want %v", err, tt.wantErr)
				}
			case tt.wantClass != "":
				var re *ReadError
				if !errors.As(err, &re) || re.Class != tt.wantClass {
					t.Errorf("err = %v, want a ReadError of class %s", err, tt.wantClass)
				}
			case err != nil:
				t.Errorf("err = %v, want nil", err)
			}
		})
	}
}

func TestTableIDsAndErr(t *testing.T) {
	var tab Table[int]
	tab.Put("b", 2)
	tab.Put("a", 1)
	tab.Missing("c")
	if got := tab.IDs(); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("IDs = %v, want found items only, sorted", got)
	}
	if tab.Len() != 2 || tab.Err() != nil {
		t.Errorf("Len = %d, Err = %v", tab.Len(), tab.Err())
	}
	tab.FailAll(&ReadError{Class: Throttled})
	if err := tab.Err(); err == nil {
		t.Error("Err = nil after FailAll")
	}
}

func TestReadErrorWords(t *testing.T) {
	a := Action{Product: "clb", Name: "DescribeLoadBalancers"}
	plain := &ReadError{Action: a, Class: Failed, Code: "InternalError", Message: "boom"}
	if got, want := plain.Error(), "clb:DescribeLoadBalancers: failed (InternalError): boom"; got != want {
		t.Errorf("Error = %q, want %q", got, want)
	}
	if plain.In(words.Chinese) != plain.Error() {
		t.Errorf("a ReadError without Words is its Error in every language")
	}
	w := words.Say("set %s", "请设置 %s", "X")
	worded := &ReadError{Action: a, Class: Unauthenticated, Message: w.String(), Words: w}
	if got := worded.In(words.Chinese); got != "clb:DescribeLoadBalancers: unauthenticated: 请设置 X" {
		t.Errorf("In(zh) = %q", got)
	}
	if got := words.ErrorIn(worded, words.Chinese); got != worded.In(words.Chinese) {
		t.Errorf("words.ErrorIn = %q, want the ReadError's own Chinese", got)
	}
}

func TestLoadBalancerPartErr(t *testing.T) {
	lb := &LoadBalancer{}
	lb.SetGap(PartHealth, &ReadError{Class: Forbidden})
	lb.SetGap(PartHealth, &ReadError{Class: Throttled})
	if lb.PartErr(PartListeners) != nil {
		t.Error("PartErr(listeners) != nil for a part that was read")
	}
	var re *ReadError
	if err := lb.PartErr(PartHealth); !errors.As(err, &re) || re.Class != Forbidden {
		t.Errorf("PartErr(health) = %v", err)
	}
}

func TestQuotaHeadroom(t *testing.T) {
	for _, tt := range []struct {
		name        string
		used, limit int64
		want        float64
	}{
		{"half", 5, 10, 0.5},
		{"full", 10, 10, 0},
		{"over", 12, 10, 0},
		{"no limit", 3, 0, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := (&Quota{Used: tt.used, Limit: tt.limit}).Headroom(); got != tt.want {
				t.Errorf("Headroom = %v, want %v", got, tt.want)
			}
		})
	}
	if QuotaKey("listeners-per-lb", "lb-1") != "listeners-per-lb/lb-1" || QuotaKey("open-clbs", "") != "open-clbs" {
		t.Error("QuotaKey")
	}
}
