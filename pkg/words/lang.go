package words

import (
	"strings"
)

// Lang is a language the program's texts are written in.
type Lang string

// Languages the texts exist in; English is the default.
const (
	English Lang = "en"
	Chinese Lang = "zh"
)

// LangValues are the values --lang accepts.
var LangValues = []string{string(English), string(Chinese)}

// ParseLang reads a --lang value: en or zh (any case; a locale such as zh_CN.UTF-8 or en_US is
// read as LangFromLocale reads it, so --lang zh-CN works too). Anything else is an error.
func ParseLang(s string) (Lang, error) {
	v := strings.ToLower(strings.TrimSpace(s))
	switch {
	case v == string(English) || strings.HasPrefix(v, "en_") || strings.HasPrefix(v, "en-"):
		return English, nil
	case v == string(Chinese) || strings.HasPrefix(v, "zh_") || strings.HasPrefix(v, "zh-"):
		return Chinese, nil
	}
	return English, Errorf("invalid lang value (%s). Must be %q or %q", "lang 的取值 (%s) 无效，应为 %q 或 %q", s, English, Chinese)
}

// LangFromLocale is the language of a POSIX locale name (language[_territory][.codeset][@modifier]):
// every Chinese locale (zh, zh_CN, zh_CN.UTF-8, zh_TW, zh_HK, zh_SG …) gives Simplified Chinese,
// the only Chinese the catalog is written in; C, POSIX and anything else give English.
func LangFromLocale(locale string) Lang {
	l := strings.ToLower(strings.TrimSpace(locale))
	if i := strings.IndexAny(l, ".@"); i >= 0 {
		l = l[:i]
	}
	if l == "zh" || strings.HasPrefix(l, "zh_") || strings.HasPrefix(l, "zh-") {
		return Chinese
	}
	return English
}

// LangFromEnv is the language the environment asks for, looked up as gettext and kubectl look it
// up: the first of LC_ALL, LC_MESSAGES and LANG that is set and not empty decides.
func LangFromEnv(getenv func(string) string) Lang {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(name); v != "" {
			return LangFromLocale(v)
		}
	}
	return English
}

// SelectLang is the language of a run: the --lang value when given (flag is not empty), else the
// environment's (LangFromEnv). A bad --lang value is an error.
func SelectLang(flag string, getenv func(string) string) (Lang, error) {
	if flag != "" {
		return ParseLang(flag)
	}
	return LangFromEnv(getenv), nil
}
