-- Attaches "smemlint lsp" to a Go file in a headless Neovim (0.7 or later),
-- waits for its diagnostics, prints them and the code actions offered at
-- them, and quits. Environment: SMEMLINT_BIN, the smemlint binary;
-- SMEMLINT_FILE, the file to open.
local bin = assert(os.getenv('SMEMLINT_BIN'), 'SMEMLINT_BIN not set')
local file = assert(os.getenv('SMEMLINT_FILE'), 'SMEMLINT_FILE not set')

local function out(s)
  io.stdout:write(s .. '\n')
  io.stdout:flush()
end

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({
  name = 'smemlint',
  cmd = { bin, 'lsp' },
  root_dir = vim.fn.fnamemodify(file, ':p:h'),
})
vim.lsp.buf_attach_client(buf, client)

if not vim.wait(90000, function() return #vim.diagnostic.get(buf) > 0 end, 100) then
  out('no diagnostics from smemlint lsp')
  vim.cmd('cquit 1')
end

local diags = vim.diagnostic.get(buf)
table.sort(diags, function(a, b) return a.lnum < b.lnum end)
local name = vim.fn.fnamemodify(file, ':t')
for _, d in ipairs(diags) do
  out(string.format('%s:%d:%d: [%s %s] %s', name, d.lnum + 1, d.col + 1,
    d.source or '?', tostring(d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or '?'), d.message))
end

-- The quick fixes offered at each diagnostic, as vim.lsp.buf.code_action()
-- would list them there.
for _, d in ipairs(diags) do
  local params = {
    textDocument = vim.lsp.util.make_text_document_params(buf),
    range = { start = { line = d.lnum, character = d.col },
              ['end'] = { line = d.end_lnum or d.lnum, character = d.end_col or d.col } },
    context = { diagnostics = {} },
  }
  local responses = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 10000) or {}
  for _, r in pairs(responses) do
    for _, a in ipairs(r.result or {}) do
      out(string.format('%s:%d: code action: %s (%s)', name, d.lnum + 1, a.title, a.kind or ''))
    end
  end
end
vim.lsp.stop_client(client)
vim.cmd('qa!')
