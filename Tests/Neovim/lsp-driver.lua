-- Drives `termlayout lsp` from Neovim's own LSP client (0.7+: vim.lsp.start_client and
-- vim.lsp.buf_attach_client), headless, for the end-to-end tests (NeovimHarness.swift).
--
--   TL_BIN=.build/debug/termlayout TL_SPEC=spec.json TL_OUT=out.json \
--     nvim --headless --clean -n -i NONE -c 'luafile Tests/Neovim/lsp-driver.lua'
--
-- The spec is JSON: { "file": "/abs/Main.xml", "steps": [ step, … ] }. Each step is one of
--   { "op": "diagnostics" }                 wait for the next publishDiagnostics of the file;
--                                           records the server's own diagnostics (UTF-16
--                                           ranges) and Neovim's reading of them (byte columns)
--   { "op": "request", "method": M, "params": P }
--                                           any request, through the generic runner; in P,
--                                           the string "$URI" is the file's URI; records
--                                           the result (or error) as the server sent it
--   { "op": "code_action", "line": L }     what `vim.lsp.buf.code_action()` does for line L
--                                           (0-based): the line's diagnostics as Neovim keeps
--                                           them, then applies the preferred quick fix
--   { "op": "apply", "step": N }           applies the WorkspaceEdit (rename) or TextEdit[]
--                                           (formatting) that step N (1-based) returned
--   { "op": "edit", "line": L, "text": T } replaces line L of the buffer (a didChange)
--   { "op": "text", "file": F }            records buffer F's text (default: the spec's file)
-- The out file is JSON: { "initialize": result, "steps": [ record, … ] } or { "error": … }.
local spec_path, out_path, bin = os.getenv('TL_SPEC'), os.getenv('TL_OUT'), os.getenv('TL_BIN')
local timeout = tonumber(os.getenv('TL_TIMEOUT_MS') or '10000')

local function write_out(value)
  local file = assert(io.open(out_path, 'w'))
  file:write(vim.fn.json_encode(value))
  file:close()
end

local function read_file(path)
  local file = assert(io.open(path, 'r'))
  local text = file:read('*a')
  file:close()
  return text
end

local function buffer_text(bufnr)
  return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n') .. '\n'
end

-- "$URI" anywhere in a decoded JSON value becomes `uri`.
local function substitute(value, uri)
  if value == '$URI' then return uri end
  if type(value) ~= 'table' then return value end
  local copy = vim.tbl_islist(value) and {} or vim.empty_dict()
  for key, item in pairs(value) do copy[key] = substitute(item, uri) end
  return copy
end

local function run()
  local spec = vim.fn.json_decode(read_file(spec_path))
  local published = {}   -- uri -> list of params, in arrival order
  local client_id = vim.lsp.start_client({
    name = 'termlayout',
    cmd = { bin, 'lsp' },
    root_dir = vim.fn.fnamemodify(spec.file, ':h'),
    handlers = {
      ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
        published[result.uri] = published[result.uri] or {}
        table.insert(published[result.uri], result)
        return vim.lsp.handlers['textDocument/publishDiagnostics'](err, result, ctx, config)
      end,
    },
  })
  assert(client_id, 'the client did not start')
  vim.cmd('edit ' .. vim.fn.fnameescape(spec.file))
  local bufnr = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(bufnr)
  assert(vim.lsp.buf_attach_client(bufnr, client_id), 'could not attach')
  local client
  assert(vim.wait(timeout, function()
    client = vim.lsp.get_client_by_id(client_id)
    return client ~= nil and client.initialized
  end, 10), 'the server did not initialize')
  local records = {}
  local seen = 0     -- publishDiagnostics of the file already consumed by a step
  for index, step in ipairs(spec.steps) do
    local record = { op = step.op }
    if step.op == 'diagnostics' then
      assert(vim.wait(timeout, function() return #(published[uri] or {}) > seen end, 10), 'step ' .. index .. ': no diagnostics')
      seen = #published[uri]
      record.published = published[uri][seen].diagnostics
      record.neovim = vim.tbl_map(function(d)
        return { lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col, message = d.message }
      end, vim.diagnostic.get(bufnr))
    elseif step.op == 'request' then
      local response, err = client.request_sync(step.method, substitute(step.params or vim.empty_dict(), uri), timeout, bufnr)
      assert(response, 'step ' .. index .. ': ' .. tostring(err))
      record.result, record.error = response.result, response.err
    elseif step.op == 'code_action' then
      local diagnostics = vim.lsp.diagnostic.get_line_diagnostics(bufnr, step.line, nil, client_id)
      local params = {
        textDocument = { uri = uri },
        range = { start = { line = step.line, character = 0 }, ['end'] = { line = step.line, character = 0 } },
        context = { diagnostics = diagnostics },
      }
      local response = assert(client.request_sync('textDocument/codeAction', params, timeout, bufnr))
      record.result, record.error = response.result, response.err
      for _, action in ipairs(response.result or {}) do
        if action.isPreferred and action.edit then
          vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
          record.applied = action.title
          break
        end
      end
    elseif step.op == 'apply' then
      local result = records[step.step].result
      if result and result.changes then
        vim.lsp.util.apply_workspace_edit(result, client.offset_encoding)
      elseif result then
        vim.lsp.util.apply_text_edits(result, bufnr, client.offset_encoding)
      end
    elseif step.op == 'edit' then
      vim.api.nvim_buf_set_lines(bufnr, step.line, step.line + 1, false, { step.text })
    elseif step.op == 'text' then
      local target = step.file and vim.fn.bufadd(step.file) or bufnr
      vim.fn.bufload(target)
      record.text = buffer_text(target)
    else
      error('step ' .. index .. ': unknown op ' .. tostring(step.op))
    end
    table.insert(records, record)
  end
  vim.lsp.stop_client(client_id)
  vim.wait(timeout, function() return vim.lsp.client_is_stopped(client_id) end, 10)
  write_out({ initialize = client.server_capabilities or client.resolved_capabilities, steps = records })
end

local ok, problem = pcall(run)
if not ok then
  write_out({ error = tostring(problem) })
  vim.cmd('cquit 1')
end
vim.cmd('qall!')
