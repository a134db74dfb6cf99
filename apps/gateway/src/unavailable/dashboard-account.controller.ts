import { Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequiresApiKey } from '../auth/auth.decorators';
import { dashboardOnly } from './unavailable-operations';

const PLANS_INSTEAD =
  'Plans are chosen with POST /accounts (plan.tier) and billing preferences with PATCH /account; ' +
  'the operator of this Clarion takes payment.';
const SUPABASE_INSTEAD =
  'Send your Supabase auth emails through Clarion with POST /email, or point its SMTP settings at ' +
  'your own mail server.';

/**
 * The hosted service's account operations that serve its dashboard: Stripe checkout and the
 * Supabase integration. Each answers 501 NOT_IMPLEMENTED with the error object, not a bare 404.
 */
@ApiTags('Not available in Clarion')
@RequiresApiKey('account')
@Controller()
export class DashboardAccountController {
  @Post('billing')
  @ApiOperation({ operationId: 'AccountPrepareCheckoutSession', summary: 'Dashboard only (501)' })
  prepareCheckoutSession(): never {
    throw dashboardOnly('Stripe checkout', PLANS_INSTEAD);
  }

  @Post('account/supabase/configure')
  @ApiOperation({ operationId: 'AccountConfigureSupabaseSMTP', summary: 'Dashboard only (501)' })
  configureSupabaseSmtp(): never {
    throw dashboardOnly('The Supabase integration', SUPABASE_INSTEAD);
  }

  @Get('account/supabase/status')
  @ApiOperation({ operationId: 'AccountGetSupabaseStatus', summary: 'Dashboard only (501)' })
  supabaseStatus(): never {
    throw dashboardOnly('The Supabase integration', SUPABASE_INSTEAD);
  }

  @Get('account/supabase/projects')
  @ApiOperation({ operationId: 'AccountListSupabaseProjects', summary: 'Dashboard only (501)' })
  supabaseProjects(): never {
    throw dashboardOnly('The Supabase integration', SUPABASE_INSTEAD);
  }

  @Delete('account/supabase')
  @ApiOperation({ operationId: 'AccountRevokeSupabase', summary: 'Dashboard only (501)' })
  revokeSupabase(): never {
    throw dashboardOnly('The Supabase integration', SUPABASE_INSTEAD);
  }

  @Post('account/supabase/oauth')
  @ApiOperation({ operationId: 'AccountSupabaseOAuth', summary: 'Dashboard only (501)' })
  supabaseOAuth(): never {
    throw dashboardOnly('The Supabase integration', SUPABASE_INSTEAD);
  }
}
