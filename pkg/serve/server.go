package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime/debug"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/engine"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Config is what Run needs: the clients of the watched cluster and serve's flags.
type Config struct {
	// Clients read the cluster; Host is the API server, named in the line that says where Run serves.
	Clients snapshot.Clients
	Host    string
	// Bind is --metrics-bind-address; PassLog is the hidden --pass-log FILE ("" for none).
	Bind, PassLog string
	// ErrOut receives warnings and the line that says where Run serves.
	ErrOut io.Writer
	// Handler chooses the endpoints (NewHandler); Version and Commit label lbdoctor_build_info.
	Handler         Options
	Version, Commit string
	// Cloud, when set (--cloud), reads the targets' clouds through its cache; Run counts its calls
	// in lbdoctor_cloud_requests_total and exports lbdoctor_cloud_backends.
	Cloud *diagnose.CloudCache
}

// Run runs the engine over every namespace and serves its state (see NewHandler) on cfg.Bind
// until ctx is done.
func Run(ctx context.Context, cfg Config) error {
	reg := NewRegistry()
	m := NewMetrics(reg)
	if err := m.Err(); err != nil {
		return err
	}
	if err := NewBuildInfo(reg, cfg.Version, cfg.Commit); err != nil {
		return err
	}
	var cm *CloudMetrics
	if cfg.Cloud != nil {
		var err error
		if cm, err = NewCloudMetrics(reg); err != nil {
			return err
		}
		cfg.Cloud.Count = cm.Count
	}
	var plog *json.Encoder
	if cfg.PassLog != "" {
		f, err := os.OpenFile(cfg.PassLog, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return words.Errorf("--pass-log: %w", "--pass-log：%w", err)
		}
		defer f.Close()
		plog = json.NewEncoder(f)
	}
	eng := engine.New(engine.Config{Clients: cfg.Clients, Warn: func(line words.Words) { fmt.Fprintln(cfg.ErrOut, line.In(cfg.Handler.Lang)) }, OnSync: m.SetSynced, HeldOnly: true,
		Cloud: cfg.Cloud,
		OnUpdate: func(u engine.Update) {
			for i, h := range u.Held {
				r := h.Report()
				m.Update(r)
				if cm != nil && i < len(u.Backends) {
					cm.Update(r.Target, providerLabel(r), u.Backends[i])
				}
			}
			for _, t := range u.Removed {
				m.Forget(string(t.Kind), t.Namespace, t.Name)
				if cm != nil {
					cm.Forget(t)
				}
			}
			m.ObserveDiagnosis(u.Duration, len(u.Held))
			if u.Err != nil {
				fmt.Fprintln(cfg.ErrOut, words.Say("warning: %s", "警告：%s", report.OneLine(words.ErrorIn(u.Err, cfg.Handler.Lang))).In(cfg.Handler.Lang))
			}
			if plog != nil {
				_ = plog.Encode(passRecord(u))
			}
			if u.Initial {
				m.FullSync(time.Now())
				// The first sync decodes every object once, with what the informers then drop.
				debug.FreeOSMemory()
			}
		}})
	ln, err := net.Listen("tcp", cfg.Bind)
	if err != nil {
		return words.Errorf("cannot listen on %s: %w; pick another --metrics-bind-address", "无法在 %s 上监听：%w；请换一个 --metrics-bind-address", cfg.Bind, err)
	}
	hopts := cfg.Handler
	hopts.OutOfSync = m.OutOfSyncFor
	hopts.Findings = m.StreamFindings()
	srv := newServer(NewHandler(reg, eng, hopts), MaxConns)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	endpoints := words.Say("/metrics, /healthz and /readyz", "/metrics、/healthz 和 /readyz")
	if cfg.Handler.Report {
		endpoints = words.Say("/metrics, /healthz, /readyz and /report", "/metrics、/healthz、/readyz 和 /report")
	}
	fmt.Fprintln(cfg.ErrOut, words.Say("serving %s on http://%s (API server %s)", "正在 http://%[2]s 上提供 %[1]s（API server %[3]s）",
		endpoints, ln.Addr(), cfg.Host).In(cfg.Handler.Lang))
	ectx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- eng.Run(ectx) }()
	var serveErr error
	select {
	case <-ctx.Done():
	case serveErr = <-served:
	}
	cancel()
	sctx, scancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer scancel()
	_ = srv.Shutdown(sctx)
	if err := <-done; err != nil {
		return err
	}
	if serveErr != nil && !errors.Is(serveErr, http.ErrServerClosed) {
		return words.Errorf("serving on %s: %w", "在 %s 上提供服务时出错：%w", ln.Addr(), serveErr)
	}
	return nil
}

// PassRecord is one line of serve's --pass-log: when a diagnosis pass had updated the metrics, what
// it re-diagnosed and how long it took.
type PassRecord struct {
	// UnixNano is the wall-clock time the metrics were updated.
	UnixNano int64 `json:"unixNano"`
	Initial  bool  `json:"initial,omitempty"`
	// Targets are the re-diagnosed targets as KIND/NAMESPACE/NAME (left out of the initial pass);
	// Count is how many.
	Targets    []string `json:"targets,omitempty"`
	Count      int      `json:"count"`
	Removed    int      `json:"removed,omitempty"`
	DurationNS int64    `json:"durationNS"`
}

func passRecord(u engine.Update) PassRecord {
	r := PassRecord{UnixNano: time.Now().UnixNano(), Initial: u.Initial, Count: len(u.Held), Removed: len(u.Removed),
		DurationNS: u.Duration.Nanoseconds()}
	if !u.Initial {
		for _, h := range u.Held {
			t := h.Target()
			r.Targets = append(r.Targets, string(t.Kind)+"/"+t.Namespace+"/"+t.Name)
		}
	}
	return r
}
