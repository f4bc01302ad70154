/** The widget's stylesheet; it lives in the shadow root only, so the page neither sees nor touches it. */
export const css = `
:host{all:initial}
*,*::before,*::after{box-sizing:border-box}
[hidden]{display:none!important}
.root{--c:#4c6ef5;--on-c:#fff;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2328;-webkit-font-smoothing:antialiased;text-align:left;direction:ltr}
button{font:inherit;color:inherit;cursor:pointer;border:0;background:none;margin:0;padding:0}
button:focus-visible,textarea:focus-visible,a:focus-visible,.messages:focus-visible{outline:2px solid var(--c);outline-offset:2px}
.launcher{position:fixed;bottom:20px;right:20px;width:56px;height:56px;border-radius:50%;background:var(--c);color:var(--on-c);display:flex;align-items:center;justify-content:center;box-shadow:0 4px 14px rgba(0,0,0,.25);transition:transform .15s ease}
.launcher:hover{transform:scale(1.05)}
.launcher svg{width:28px;height:28px}
.left .launcher{right:auto;left:20px}
.badge{position:absolute;top:-4px;right:-4px;min-width:20px;height:20px;padding:0 6px;border-radius:10px;background:#e03131;color:#fff;font-size:12px;font-weight:600;line-height:20px;text-align:center;box-shadow:0 0 0 2px #fff}
.panel{position:fixed;bottom:88px;right:20px;width:370px;height:min(600px,calc(100vh - 108px));max-height:calc(100vh - 108px);display:flex;flex-direction:column;background:#fff;border-radius:14px;overflow:hidden;box-shadow:0 8px 30px rgba(0,0,0,.22);animation:parley-in .16s ease-out}
.left .panel{right:auto;left:20px}
@keyframes parley-in{from{opacity:0;transform:translateY(8px)}to{opacity:1;transform:none}}
@media (prefers-reduced-motion:reduce){.panel,.typing span{animation:none!important}.launcher{transition:none}}
.header{display:flex;align-items:center;gap:8px;padding:12px 12px 12px 16px;background:var(--c);color:var(--on-c);flex:none}
.title{flex:1;margin:0;font-size:16px;font-weight:600;line-height:1.3;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.close{width:32px;height:32px;border-radius:8px;display:flex;align-items:center;justify-content:center;color:inherit}
.close:hover{background:rgba(255,255,255,.18)}
.close svg{width:18px;height:18px}
.messages{flex:1;overflow-y:auto;overscroll-behavior:contain;padding:16px 12px;display:flex;flex-direction:column;gap:8px;background:#f6f7f9}
.msg{max-width:85%;padding:8px 12px;border-radius:14px;overflow-wrap:anywhere;word-break:break-word}
.msg.bot,.msg.operator{align-self:flex-start;background:#fff;border:1px solid #e3e6ea;border-bottom-left-radius:4px}
.msg.user{align-self:flex-end;background:var(--c);color:var(--on-c);border-bottom-right-radius:4px;white-space:pre-wrap}
.msg.system{align-self:center;max-width:95%;background:none;padding:2px 8px;color:#6a737d;font-size:12px;text-align:center}
.name{font-size:12px;font-weight:600;color:#6a737d;margin-bottom:2px}
.body p{margin:0 0 .5em}
.body>:last-child,.body li>:last-child{margin-bottom:0}
.body ul,.body ol{margin:0 0 .5em;padding-left:1.3em}
.body li{margin:.15em 0}
.body pre{margin:0 0 .5em;padding:8px;background:#f1f3f5;border-radius:6px;overflow-x:auto;white-space:pre}
.body code{font:12.5px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f1f3f5;border-radius:4px;padding:.1em .3em}
.body pre code{padding:0;background:none}
.body blockquote{margin:0 0 .5em;padding-left:.7em;border-left:3px solid #dee2e6;color:#495057}
.body hr{border:0;border-top:1px solid #dee2e6;margin:.6em 0}
.body a{color:#1c64d9;text-decoration:underline;overflow-wrap:anywhere}
.msg.user .body a{color:inherit}
.typing{align-self:flex-start;display:flex;gap:4px;padding:12px 14px;background:#fff;border:1px solid #e3e6ea;border-radius:14px;border-bottom-left-radius:4px}
.typing span{width:7px;height:7px;border-radius:50%;background:#868e96;animation:parley-dot 1.2s infinite ease-in-out}
.typing span:nth-child(2){animation-delay:.15s}
.typing span:nth-child(3){animation-delay:.3s}
@keyframes parley-dot{0%,60%,100%{opacity:.35;transform:none}30%{opacity:1;transform:translateY(-3px)}}
.error{flex:none;margin:0;padding:8px 12px;background:#fff5f5;color:#c92a2a;border-top:1px solid #ffc9c9;font-size:13px}
.files{display:flex;flex-direction:column;gap:4px;margin-top:6px}
.files img{display:block;max-width:100%;max-height:240px;border-radius:8px}
.files a[part=file-link]{color:var(--c);word-break:break-all}
.files .caption{font-size:12px;opacity:.8}
.choices{display:flex;flex-wrap:wrap;gap:6px;margin-top:6px}
.choices button,.choices a{padding:5px 12px;border-radius:14px;border:1px solid var(--c);color:var(--c);background:#fff;font:inherit;font-size:13px;text-decoration:none;cursor:pointer}
.choices button:hover:not(:disabled){background:var(--c);color:var(--on-c)}
.choices button:disabled{opacity:.5;cursor:default}
.quick{flex:none;display:flex;gap:8px;padding:8px 12px 0;background:#fff}
.quick button{padding:6px 16px;border-radius:16px;border:1px solid var(--c);color:var(--c);background:#fff;font-weight:500}
.quick button:hover{background:var(--c);color:var(--on-c)}
.composer{flex:none;display:flex;align-items:flex-end;gap:8px;padding:10px 12px;background:#fff;border-top:1px solid #e9ecef}
.input{flex:1;resize:none;min-height:40px;max-height:128px;padding:9px 12px;border:1px solid #ced4da;border-radius:10px;font:inherit;color:inherit;background:#fff;line-height:1.45;outline:none}
.input:focus{border-color:var(--c)}
.input:disabled{background:#f1f3f5}
.send{flex:none;width:40px;height:40px;border-radius:10px;background:var(--c);color:var(--on-c);display:flex;align-items:center;justify-content:center}
.send:disabled{opacity:.5;cursor:default}
.send svg{width:20px;height:20px}
.fb{display:flex;flex-wrap:wrap;align-items:center;gap:2px;margin:4px -4px -4px}
.fb .r{width:26px;height:24px;display:flex;align-items:center;justify-content:center;border-radius:8px;border:1px solid transparent;color:#868e96}
.fb .r svg{width:16px;height:16px}
.fb .r[part=rate-down] svg{transform:rotate(180deg)}
.fb .r:hover{color:#1f2328;background:#f1f3f5}
.fb .r[aria-pressed=true]{color:var(--c);border-color:var(--c);background:#f1f3f5}
.fbt{font-size:12px;color:#6a737d;margin-left:4px}
.fbf{display:flex;gap:6px;align-items:flex-end;width:100%;margin-top:4px}
.fbf textarea{flex:1;resize:none;min-height:36px;padding:6px 8px;border:1px solid #ced4da;border-radius:8px;font:inherit;font-size:13px;color:inherit}
.fbf button{flex:none;padding:6px 10px;border-radius:8px;background:var(--c);color:var(--on-c);font-size:13px}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:480px){
.panel{top:0;left:0;right:0;bottom:0;width:100%;height:100%;max-height:none;border-radius:0}
.left .panel{left:0}
.input{font-size:16px}
.root.open .launcher{display:none}
}
`;
