package cmd

import (
	"errors"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The errors cobra and pflag make for the command line, worded in every language. Their English
// is the libraries' own text, unchanged.

// flagError words a flag parsing error of pflag (the root's FlagErrorFunc, which every
// subcommand inherits). An error of another kind is returned as it is.
func flagError(_ *cobra.Command, err error) error {
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

// exactArgs is cobra.ExactArgs(n), worded.
func exactArgs(n int) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if err := cobra.ExactArgs(n)(c, args); err != nil {
			return words.Errorf("%[1]w", "%[4]s 需要 %[2]d 个参数，却收到了 %[3]d 个", err, n, len(args), c.CommandPath())
		}
		return nil
	}
}
