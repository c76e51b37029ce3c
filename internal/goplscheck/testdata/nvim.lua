-- Attaches a gopls to a Go file in a headless Neovim (0.7 or later) as its
-- only Go language server, waits for smemlint's bank-conflict diagnostic,
-- prints the diagnostics and the quick fixes offered at them, and quits.
-- Environment: GOPLS_BIN, the gopls binary; KERNEL_FILE, the file to open;
-- KERNEL_ROOT, the module's directory.
local bin = assert(os.getenv('GOPLS_BIN'), 'GOPLS_BIN not set')
local file = assert(os.getenv('KERNEL_FILE'), 'KERNEL_FILE not set')
local root = assert(os.getenv('KERNEL_ROOT'), 'KERNEL_ROOT not set')

local function out(s)
  io.stdout:write(s .. '\n')
  io.stdout:flush()
end

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({ name = 'gopls', cmd = { bin }, root_dir = root })
vim.lsp.buf_attach_client(buf, client)

local function has_bankconflict()
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.source == 'bankconflict' then return true end
  end
  return false
end
if not vim.wait(150000, has_bankconflict, 200) then
  out('no bankconflict diagnostic from gopls')
  vim.cmd('cquit 1')
end

local diags = vim.diagnostic.get(buf)
table.sort(diags, function(a, b) return a.lnum < b.lnum end)
local name = vim.fn.fnamemodify(file, ':t')
for _, d in ipairs(diags) do
  out(string.format('%s:%d:%d: [%s] %s', name, d.lnum + 1, d.col + 1, d.source or '?', d.message))
end

-- The quick fixes gopls offers for each diagnostic, as
-- vim.lsp.buf.code_action() would list them there.
for _, d in ipairs(diags) do
  -- The diagnostic as the server sent it (Neovim 0.7 keeps only its code
  -- in user_data): gopls finds the fixes by range, message and source.
  local lsp = d.user_data and d.user_data.lsp or {}
  local range = { start = { line = d.lnum, character = d.col },
                  ['end'] = { line = d.end_lnum or d.lnum, character = d.end_col or d.col } }
  local ctxdiags = { { range = range, message = d.message, severity = d.severity, source = d.source, code = lsp.code } }
  local params = {
    textDocument = vim.lsp.util.make_text_document_params(buf),
    range = range,
    context = { diagnostics = ctxdiags },
  }
  local responses = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 30000) or {}
  for _, r in pairs(responses) do
    if r.err then out('code action error: ' .. vim.inspect(r.err)) end
    for _, a in ipairs(r.result or {}) do
      out(string.format('%s:%d: code action: %s (%s)', name, d.lnum + 1, a.title, a.kind or ''))
    end
  end
end
vim.lsp.stop_client(client)
vim.cmd('qa!')
