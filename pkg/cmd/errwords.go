package cmd

import (
	"errors"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// The errors cobra and pflag make for the command line, worded in every language. Their English
// is the libraries' own text, unchanged.

// flagError is a flag parsing error of pflag worded (wordFlagError) as a usageError of c (the
// root's FlagErrorFunc, which every subcommand inherits).
func flagError(c *cobra.Command, err error) error {
	return usageError{err: wordFlagError(err), path: c.CommandPath()}
}

// usageError is an error in how a command was called; Execute adds kubectl's "See '… --help'" line.
type usageError struct {
	err  error
	path string
}

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// seeHelp is the line under a usage error, as kubectl prints it.
func (e usageError) seeHelp() words.Words {
	return words.Say("See '%s --help' for usage.", "用法见 '%s --help'。", e.path)
}

// wordFlagError is a flag parsing error worded in every language.
func wordFlagError(err error) error {
	var (
		notExist *pflag.NotExistError
		required *pflag.ValueRequiredError
		invalid  *pflag.InvalidValueError
		syntax   *pflag.InvalidSyntaxError
	)
	switch {
	case errors.As(err, &notExist):
		return words.Errorf("%[1]w", "未知的选项 %[2]s", err, flagName(notExist.GetSpecifiedName(), notExist.GetSpecifiedShortnames()))
	case errors.As(err, &required):
		return words.Errorf("%[1]w", "选项 %[2]s 需要一个值", err, flagName(required.GetSpecifiedName(), required.GetSpecifiedShortnames()))
	case errors.As(err, &invalid):
		return words.Errorf("%[1]w", "选项 --%[2]s 的取值 %[3]q 无效：%[4]v", err, invalid.GetFlag().Name, invalid.GetValue(), errors.Unwrap(invalid))
	case errors.As(err, &syntax):
		return words.Errorf("%[1]w", "选项写法有误：%[2]s", err, syntax.GetSpecifiedFlag())
	}
	return err
}

// flagName is a flag as the command line gave it: --name, or -n when it came in a group of
// shorthands (-xyz), then with the group.
func flagName(name, shorthands string) words.Words {
	switch {
	case shorthands == "" || name == "":
		return words.Say("--%s", "--%s", name)
	case len(shorthands) == 1:
		return words.Say("-%s", "-%s", name[:1])
	}
	return words.Say("-%s in -%s", "-%s（在 -%s 中）", name[:1], shorthands)
}

// noArgs is cobra.NoArgs, worded.
func noArgs(c *cobra.Command, args []string) error {
	if err := cobra.NoArgs(c, args); err != nil {
		return words.Errorf("%[1]w", "%[3]s 没有子命令 %[2]q", err, args[0], c.CommandPath())
	}
	return nil
}

// exactArgs is cobra.ExactArgs(n), worded; what names the n arguments when none is given
// (explain: "an error code, a rule id or an event message").
func exactArgs(n int, what words.Words) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) == 0 && n > 0 {
			return usageError{err: words.Errorf("%s needs %v", "%s 需要%v", c.CommandPath(), what), path: c.CommandPath()}
		}
		if err := cobra.ExactArgs(n)(c, args); err != nil {
			return usageError{err: words.Errorf("%[1]w", "%[4]s 需要 %[2]d 个参数，却收到了 %[3]d 个", err, n, len(args), c.CommandPath()), path: c.CommandPath()}
		}
		return nil
	}
}

// mistypedCommand is the error of a first argument that is no resource type but is close to one of
// root's subcommands (explian: "did you mean explain?"), else nil.
func mistypedCommand(root *cobra.Command, arg string) error {
	if strings.Contains(arg, "/") {
		return nil
	}
	if _, err := snapshot.ResolveResource(arg); err == nil {
		return nil
	}
	s := root.SuggestionsFor(arg)
	if len(s) == 0 {
		return nil
	}
	return usageError{err: words.Errorf("unknown command %q for %q; did you mean %s?", "%[2]s 没有命令 %[1]q；您是不是想用 %[3]s？",
		arg, root.CommandPath(), words.Either(s)), path: root.CommandPath()}
}
