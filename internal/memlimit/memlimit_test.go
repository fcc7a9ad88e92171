package memlimit

import (
	"testing"
	"testing/fstest"
)

func TestFromFS(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	const v1Unlimited = "9223372036854771712\n"
	cases := []struct {
		name  string
		files fstest.MapFS
		want  int64
		ok    bool
	}{
		{"no proc file", fstest.MapFS{}, 0, false},
		{"v2 container, namespaced root", fstest.MapFS{
			"proc/self/cgroup":         file("0::/\n"),
			"sys/fs/cgroup/memory.max": file("536870912\n"),
		}, 512 << 20, true},
		{"v2 no limit", fstest.MapFS{
			"proc/self/cgroup":         file("0::/\n"),
			"sys/fs/cgroup/memory.max": file("max\n"),
		}, 0, false},
		{"v2 host root has no memory.max", fstest.MapFS{
			"proc/self/cgroup": file("0::/\n"),
		}, 0, false},
		{"v2 nested, ancestor's limit is smaller", fstest.MapFS{
			"proc/self/cgroup":                          file("0::/kubepods/pod1/c1\n"),
			"sys/fs/cgroup/kubepods/pod1/c1/memory.max": file("max\n"),
			"sys/fs/cgroup/kubepods/pod1/memory.max":    file("268435456\n"),
			"sys/fs/cgroup/kubepods/memory.max":         file("8589934592\n"),
		}, 256 << 20, true},
		{"v1 memory controller among others", fstest.MapFS{
			"proc/self/cgroup": file("9:name=systemd:/\n4:memory:/docker/abc\n3:cpu,cpuacct:/docker/abc\n"),
			"sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes": file("1073741824\n"),
			"sys/fs/cgroup/memory/memory.limit_in_bytes":            file(v1Unlimited),
		}, 1 << 30, true},
		{"v1 path from the host, mount is the container's own cgroup", fstest.MapFS{
			"proc/self/cgroup":                           file("4:memory:/kubepods/burstable/pod9/c9\n"),
			"sys/fs/cgroup/memory/memory.limit_in_bytes": file("805306368\n"),
		}, 768 << 20, true},
		{"v1 unlimited", fstest.MapFS{
			"proc/self/cgroup": file("4:memory:/process_api/x\n"),
			"sys/fs/cgroup/memory/process_api/x/memory.limit_in_bytes": file(v1Unlimited),
			"sys/fs/cgroup/memory/memory.limit_in_bytes":               file(v1Unlimited),
		}, 0, false},
		{"garbage value", fstest.MapFS{
			"proc/self/cgroup":         file("0::/\n"),
			"sys/fs/cgroup/memory.max": file("lots\n"),
		}, 0, false},
		{"hybrid: v1 memory limit and a v2 line", fstest.MapFS{
			"proc/self/cgroup":                           file("4:memory:/\n0::/\n"),
			"sys/fs/cgroup/memory/memory.limit_in_bytes": file("2147483648\n"),
		}, 2 << 30, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := fromFS(c.files)
			if got != c.want || ok != c.ok {
				t.Fatalf("fromFS = %d, %v; want %d, %v", got, ok, c.want, c.ok)
			}
		})
	}
}
