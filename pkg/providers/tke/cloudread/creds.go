package cloudread

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"

	"github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Environment variables the reader reads.
const (
	// EnvSecretID, EnvSecretKey and EnvSessionToken are the API key (and a temporary key's token),
	// as the SDK's environment provider and tccli name them.
	EnvSecretID     = "TENCENTCLOUD_SECRET_ID"
	EnvSecretKey    = "TENCENTCLOUD_SECRET_KEY"
	EnvSessionToken = "TENCENTCLOUD_SESSION_TOKEN"
	// EnvRegion is the region tccli and the SDK's users set; ResolveRegion reads it last.
	EnvRegion = "TENCENTCLOUD_REGION"
	// EnvEndpoint points every request at another endpoint, e.g. http://127.0.0.1:41234 (a
	// simulated cloud); see Options.Endpoint.
	EnvEndpoint = "LBDOCTOR_TKE_ENDPOINT"
	// envCredentialsFile and the TKE pod-identity variables are the SDK's own names.
	envCredentialsFile = "TENCENTCLOUD_CREDENTIALS_FILE"
	envTKERoleArn      = "TKE_ROLE_ARN"
	envTKETokenFile    = "TKE_WEB_IDENTITY_TOKEN_FILE"
	envTKEProviderID   = "TKE_PROVIDER_ID"
)

// errNoCredentials is the chain's answer when no source holds credentials.
var errNoCredentials = errors.New("no credentials")

// credentialChain is the vendor's own credential chain, in its order, of the sources that are
// configured here: the environment (EnvSecretID, EnvSecretKey, EnvSessionToken); the SDK's profile
// file (TENCENTCLOUD_CREDENTIALS_FILE or ~/.tencentcloud/credentials, section [default]); tccli's
// profile (~/.tccli/<profile>.credential); TKE pod identity (the SDK's OIDC provider, from
// TKE_ROLE_ARN, TKE_WEB_IDENTITY_TOKEN_FILE, TKE_PROVIDER_ID and TKE_REGION); and the CVM role from
// the instance metadata service. A source that is configured but broken is an error, as in the
// SDK's chain. The last two fetch credentials from Tencent Cloud itself, so they are left out when
// metadata is false (requests going to another endpoint, which must never receive real keys).
func credentialChain(profile, home string, metadata bool) (common.Provider, error) {
	var ps []common.Provider
	if _, ok := os.LookupEnv(EnvSecretID); ok {
		ps = append(ps, envProvider{})
	} else if _, ok := os.LookupEnv(EnvSecretKey); ok {
		ps = append(ps, envProvider{})
	}
	if _, ok := os.LookupEnv(envCredentialsFile); ok {
		ps = append(ps, common.DefaultProfileProvider())
	} else if home != "" && exists(filepath.Join(home, ".tencentcloud", "credentials")) {
		ps = append(ps, common.DefaultProfileProvider())
	}
	if home != "" {
		if f := filepath.Join(home, ".tccli", profile+".credential"); exists(f) {
			ps = append(ps, tccliProvider{path: f})
		}
	}
	if metadata {
		if os.Getenv(envTKERoleArn) != "" && os.Getenv(envTKETokenFile) != "" && os.Getenv(envTKEProviderID) != "" {
			p, err := common.DefaultTkeOIDCRoleArnProvider()
			if err != nil {
				return nil, err
			}
			ps = append(ps, p)
		}
		ps = append(ps, common.DefaultCvmRoleProvider())
	}
	if len(ps) == 0 {
		return nil, errNoCredentials
	}
	return common.NewProviderChain(ps), nil
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// envProvider is the SDK's environment provider with the session token of a temporary key.
type envProvider struct{}

func (envProvider) GetCredential() (common.CredentialIface, error) {
	c, err := common.DefaultEnvProvider().GetCredential()
	if err != nil {
		return nil, err
	}
	if tok := os.Getenv(EnvSessionToken); tok != "" {
		return common.NewTokenCredential(c.GetSecretId(), c.GetSecretKey(), tok), nil
	}
	return c, nil
}

// tccliProvider reads a tccli profile, a JSON file with secretId, secretKey and, for a temporary
// key, token. The SDK has no provider for tccli's files.
type tccliProvider struct{ path string }

func (p tccliProvider) GetCredential() (common.CredentialIface, error) {
	b, err := os.ReadFile(p.path)
	if err != nil {
		return nil, err
	}
	var f struct {
		SecretID  string `json:"secretId"`
		SecretKey string `json:"secretKey"`
		Token     string `json:"token"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, errors.New("the tccli profile " + p.path + " is not JSON")
	}
	if f.SecretID == "" || f.SecretKey == "" {
		return nil, errors.New("the tccli profile " + p.path + " holds no secretId and secretKey")
	}
	return common.NewTokenCredential(f.SecretID, f.SecretKey, f.Token), nil
}

// resolve asks p for credentials, giving up when ctx ends (the CVM role provider asks the
// metadata service without a timeout of its own).
func resolve(ctx context.Context, p common.Provider) (common.CredentialIface, error) {
	type result struct {
		c   common.CredentialIface
		err error
	}
	ch := make(chan result, 1)
	go func() {
		c, err := p.GetCredential()
		ch <- result{c, err}
	}()
	select {
	case r := <-ch:
		return r.c, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// credentialError is the ReadError of every table when no credentials could be had.
func credentialError(err error, profile string, red *redactor) *cloud.ReadError {
	var w words.Words
	if errors.Is(err, errNoCredentials) || isChainExhausted(err) {
		w = words.Say("no Tencent Cloud credentials: set %s and %s (and %s for a temporary key), or write ~/.tencentcloud/credentials or ~/.tccli/%s.credential, or run on a CVM with a role or in a TKE pod with pod identity",
			"没有腾讯云凭证：请设置 %s 和 %s（临时密钥还需 %s），或写入 ~/.tencentcloud/credentials 或 ~/.tccli/%s.credential，或在绑定了角色的 CVM 上、启用了 Pod 身份的 TKE Pod 中运行",
			EnvSecretID, EnvSecretKey, EnvSessionToken, profile)
	} else {
		w = words.Say("reading Tencent Cloud credentials failed: %s", "读取腾讯云凭证失败：%s", red.clean(err.Error()))
	}
	return &cloud.ReadError{Class: cloud.Unauthenticated, Code: "ClientError.CredentialError", Message: w.String(), Words: w}
}
