package words

import "testing"

func TestSelectLang(t *testing.T) {
	tests := []struct {
		name    string
		flag    string
		env     map[string]string
		want    Lang
		wantErr bool
	}{
		{name: "nothing set", want: English},
		{name: "LANG zh_CN.UTF-8", env: map[string]string{"LANG": "zh_CN.UTF-8"}, want: Chinese},
		{name: "LANG zh_CN", env: map[string]string{"LANG": "zh_CN"}, want: Chinese},
		{name: "LANG zh", env: map[string]string{"LANG": "zh"}, want: Chinese},
		{name: "LANG zh_TW", env: map[string]string{"LANG": "zh_TW.UTF-8"}, want: Chinese},
		{name: "LANG zh_HK", env: map[string]string{"LANG": "zh_HK"}, want: Chinese},
		{name: "LANG zh_SG", env: map[string]string{"LANG": "zh_SG.GB2312"}, want: Chinese},
		{name: "LANG with modifier", env: map[string]string{"LANG": "zh_CN@pinyin"}, want: Chinese},
		{name: "LANG C", env: map[string]string{"LANG": "C"}, want: English},
		{name: "LANG POSIX", env: map[string]string{"LANG": "POSIX"}, want: English},
		{name: "LANG C.UTF-8", env: map[string]string{"LANG": "C.UTF-8"}, want: English},
		{name: "LANG en_US", env: map[string]string{"LANG": "en_US.UTF-8"}, want: English},
		{name: "LANG ja_JP", env: map[string]string{"LANG": "ja_JP.UTF-8"}, want: English},
		{name: "LANG zhx is not Chinese", env: map[string]string{"LANG": "zhx"}, want: English},
		{name: "LC_MESSAGES over LANG", env: map[string]string{"LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"}, want: Chinese},
		{name: "LC_ALL over LC_MESSAGES", env: map[string]string{"LC_ALL": "C", "LC_MESSAGES": "zh_CN.UTF-8", "LANG": "zh_CN.UTF-8"}, want: English},
		{name: "LC_ALL Chinese", env: map[string]string{"LC_ALL": "zh_CN.UTF-8", "LANG": "C"}, want: Chinese},
		{name: "empty LC_ALL is unset", env: map[string]string{"LC_ALL": "", "LANG": "zh_CN.UTF-8"}, want: Chinese},
		{name: "flag en over env", flag: "en", env: map[string]string{"LC_ALL": "zh_CN.UTF-8"}, want: English},
		{name: "flag zh over env", flag: "zh", env: map[string]string{"LC_ALL": "C"}, want: Chinese},
		{name: "flag ZH any case", flag: "ZH", want: Chinese},
		{name: "flag zh-CN", flag: "zh-CN", want: Chinese},
		{name: "flag zh_TW", flag: "zh_TW", want: Chinese},
		{name: "flag en_US", flag: "en_US", want: English},
		{name: "bad flag", flag: "fr", wantErr: true},
		{name: "bad flag zhx", flag: "zhx", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := SelectLang(tt.flag, func(k string) string { return tt.env[k] })
			if (err != nil) != tt.wantErr {
				t.Fatalf("SelectLang(%q) error = %v, want error %v", tt.flag, err, tt.wantErr)
			}
			if err == nil && got != tt.want {
				t.Errorf("SelectLang(%q, %v) = %q, want %q", tt.flag, tt.env, got, tt.want)
			}
		})
	}
}
