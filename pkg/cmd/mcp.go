package cmd

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/mcpserver"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// MCPOptions are the flags of `kubectl lbdoctor mcp`; the kubeconfig flags and --lang are the root's.
type MCPOptions struct {
	Common
	// HTTP is --http: serve streamable HTTP on this loopback address instead of stdio.
	HTTP string
	// flags are the root's persistent flags set on the command line, passed on to every tool call.
	flags []string
}

// newMCPCommand is `kubectl lbdoctor mcp`: the read-only tools over the Model Context Protocol.
func newMCPCommand(root *Options) *cobra.Command {
	o := &MCPOptions{}
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "Serve the diagnosis to AI assistants over the Model Context Protocol (stdio, or HTTP on loopback)",
		Long: `mcp serves lbdoctor to an AI assistant (Claude, Copilot, Cursor and other MCP clients) on standard
input and output, or with --http on a loopback address over streamable HTTP. Its tools only read:

  diagnose   kubectl lbdoctor TARGET... | -A, live or on files (-f)
  preflight  kubectl lbdoctor preflight -f FILE [--base FILE]
  explain    kubectl lbdoctor explain CODE|RULE|EVENT-MESSAGE
  rules      the rule catalog, filtered

Each answers with the JSON report (its schema declared) and a one-line summary; the rule catalog
is also served as resources (lbdoctor://rules). The kubeconfig flags and --lang given here apply
to every call; a call may name its own context, namespace and language.`,
		Example: `  # What an MCP client runs (stdio)
  kubectl lbdoctor mcp --context prod
  # Streamable HTTP for clients that connect to a URL
  kubectl lbdoctor mcp --http 127.0.0.1:8765`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.Common = root.Common
			o.flags = nil
			c.Root().PersistentFlags().Visit(func(f *pflag.Flag) {
				if f.Name != "lang" {
					o.flags = append(o.flags, "--"+f.Name+"="+f.Value.String())
				}
			})
			if err := o.Validate(); err != nil {
				return err
			}
			return o.Run(c.Context())
		},
	}
	cmd.Flags().StringVar(&o.HTTP, "http", "", "Serve streamable HTTP on this loopback address (127.0.0.1:PORT, [::1]:PORT or localhost:PORT) instead of stdio")
	return cmd
}

// Validate refuses an --http address that is not on the loopback interface.
func (o *MCPOptions) Validate() error {
	if o.HTTP == "" {
		return nil
	}
	host, _, err := net.SplitHostPort(o.HTTP)
	loopback := err == nil && host == "localhost"
	if ip := net.ParseIP(host); err == nil && ip != nil && ip.IsLoopback() {
		loopback = true
	}
	if !loopback {
		return words.Errorf("--http %q: give a loopback address such as 127.0.0.1:8765 (the tools read the cluster with your credentials)",
			"--http %q：请使用回环地址，例如 127.0.0.1:8765（这些工具以你的凭据读取集群）", o.HTTP)
	}
	return nil
}

// server is the MCP server of o.
func (o *MCPOptions) server() *mcp.Server {
	return mcpserver.New(mcpserver.Options{Exec: Execute, Flags: o.flags, Lang: o.lang, Version: buildVersion()})
}

// Run serves until the client closes stdin, or on --http until SIGINT or SIGTERM.
func (o *MCPOptions) Run(ctx context.Context) error {
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv := o.server()
	if o.HTTP == "" {
		return srv.Run(ctx, &mcp.StdioTransport{})
	}
	ln, err := net.Listen("tcp", o.HTTP)
	if err != nil {
		return words.Errorf("cannot listen on %s: %w", "无法监听 %s：%w", o.HTTP, err)
	}
	fmt.Fprintf(o.ErrOut, "serving MCP on http://%s/mcp\n", ln.Addr())
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil))
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = hs.Shutdown(shut)
	}()
	if err := hs.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
