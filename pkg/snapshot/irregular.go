package snapshot

import (
	"io/fs"
	"os"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// regular reports whether a directory entry named .yaml, .yml or .json is to be read: a regular
// file, or a symbolic link to one. Anything else (a named pipe, which would block the run; a link to
// a directory; a socket or device; a dangling link) is left out with a note in in.
func (in *input) regular(path string, e fs.DirEntry) bool {
	mode := e.Type()
	if mode.IsRegular() {
		return true
	}
	if mode&fs.ModeSymlink != 0 {
		fi, err := os.Stat(path)
		switch {
		case err != nil:
			in.notes = append(in.notes, wordsSkipped(path, "a symbolic link that cannot be followed", "无法跟随的符号链接"))
			return false
		case fi.Mode().IsRegular():
			return true
		case fi.IsDir():
			in.notes = append(in.notes, wordsSkipped(path, "a symbolic link to a directory", "指向目录的符号链接"))
			return false
		}
		mode = fi.Mode().Type()
	}
	what, zh := "not a regular file", "不是普通文件"
	switch {
	case mode&fs.ModeNamedPipe != 0:
		what, zh = "a named pipe", "命名管道"
	case mode&fs.ModeSocket != 0:
		what, zh = "a socket", "套接字"
	case mode&fs.ModeDevice != 0:
		what, zh = "a device", "设备文件"
	}
	in.notes = append(in.notes, wordsSkipped(path, what, zh))
	return false
}

// wordsSkipped says that the file at path was not read because it is what (zh in Chinese).
func wordsSkipped(path, what, zh string) words.Words {
	return words.Say("skipped %s: %s, not a file to read", "已跳过 %s：%s，不是可读取的文件", path, words.Phrase{En: what, Zh: zh}.With())
}
