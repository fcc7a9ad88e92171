// Package memlimit reads the memory limit of the cgroup a process runs in, so that a long-running
// command can keep its heap under the container's limit.
package memlimit

import (
	"bufio"
	"io/fs"
	"os"
	"path"
	"strconv"
	"strings"
)

// unlimited is the smallest value a cgroup v1 limit file holds when no limit is set (the kernel
// writes the largest page-aligned int64).
const unlimited = int64(1) << 60

// Cgroup returns the memory limit of this process's cgroup in bytes: the smallest limit set on the
// cgroup or one of its ancestors, read from cgroup v2's memory.max or v1's memory.limit_in_bytes;
// false when none is set or the files cannot be read.
func Cgroup() (int64, bool) {
	return fromFS(os.DirFS("/"))
}

// fromFS is Cgroup on a file system rooted at "/" (fsys), so that tests can give it one.
func fromFS(fsys fs.FS) (int64, bool) {
	f, err := fsys.Open("proc/self/cgroup")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	best, found := int64(0), false
	keep := func(v int64, ok bool) {
		if ok && (!found || v < best) {
			best, found = v, true
		}
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// hierarchy-ID:controller-list:cgroup-path
		parts := strings.SplitN(sc.Text(), ":", 3)
		if len(parts) != 3 {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "":
			keep(smallest(fsys, "sys/fs/cgroup", parts[2], "memory.max"))
		case hasController(parts[1], "memory"):
			keep(smallest(fsys, "sys/fs/cgroup/memory", parts[2], "memory.limit_in_bytes"))
		}
	}
	return best, found
}

func hasController(list, name string) bool {
	for _, c := range strings.Split(list, ",") {
		if c == name {
			return true
		}
	}
	return false
}

// smallest reads file in the cgroup directory of cgroupPath under mount and in each of its
// ancestors up to the mount itself, and returns the smallest limit set. Inside a container the
// mount's root is often the container's own cgroup while the path names it from the host's
// root; the walk up reaches the mount's root either way.
func smallest(fsys fs.FS, mount, cgroupPath, file string) (int64, bool) {
	best, found := int64(0), false
	dir := path.Clean("/" + cgroupPath)
	for {
		if v, ok := readLimit(fsys, path.Join(mount, dir, file)); ok && (!found || v < best) {
			best, found = v, true
		}
		if dir == "/" {
			return best, found
		}
		dir = path.Dir(dir)
	}
}

// readLimit parses a limit file: a byte count, or "max" (v2) or a value of 2^60 or more (v1) for
// no limit.
func readLimit(fsys fs.FS, name string) (int64, bool) {
	b, err := fs.ReadFile(fsys, strings.TrimPrefix(name, "/"))
	if err != nil {
		return 0, false
	}
	s := strings.TrimSpace(string(b))
	if s == "max" {
		return 0, false
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v <= 0 || v >= unlimited {
		return 0, false
	}
	return v, true
}
