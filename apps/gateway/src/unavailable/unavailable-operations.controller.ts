import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequiresApiKey } from '../auth/auth.decorators';
import { dashboardOnly } from './unavailable-operations';

const COMPONENTS_INSTEAD = 'Keep shared parts (headers, footers) in the html of your templates.';

/**
 * Operations the hosted service's SDK offers that Clarion does not: each answers 501
 * NOT_IMPLEMENTED with the error object and what to do instead, rather than a bare 404.
 */
@ApiTags('Not available in Clarion')
@RequiresApiKey('account')
@Controller()
export class UnavailableOperationsController {
  @Post('components')
  @ApiOperation({ operationId: 'ComponentsCreateComponent', summary: 'Dashboard only (501)' })
  createComponent(): never {
    throw dashboardOnly('Email components', COMPONENTS_INSTEAD);
  }

  @Get('components')
  @ApiOperation({ operationId: 'ComponentsListComponents', summary: 'Dashboard only (501)' })
  listComponents(): never {
    throw dashboardOnly('Email components', COMPONENTS_INSTEAD);
  }

  @Get('components/public')
  @ApiOperation({
    operationId: 'ComponentsListComponentsParsed',
    summary: 'Dashboard only (501)',
  })
  listParsedComponents(): never {
    throw dashboardOnly('Email components', COMPONENTS_INSTEAD);
  }

  @Get('components/:componentId')
  @ApiParam({ name: 'componentId', description: 'The id of the component' })
  @ApiOperation({ operationId: 'ComponentsGetComponent', summary: 'Dashboard only (501)' })
  getComponent(): never {
    throw dashboardOnly('Email components', COMPONENTS_INSTEAD);
  }

  @Patch('components/:componentId')
  @ApiParam({ name: 'componentId', description: 'The id of the component' })
  @ApiOperation({ operationId: 'ComponentsPatchComponent', summary: 'Dashboard only (501)' })
  patchComponent(): never {
    throw dashboardOnly('Email components', COMPONENTS_INSTEAD);
  }

  @Delete('components/:componentId')
  @ApiParam({ name: 'componentId', description: 'The id of the component' })
  @ApiOperation({ operationId: 'ComponentsDeleteComponent', summary: 'Dashboard only (501)' })
  deleteComponent(): never {
    throw dashboardOnly('Email components', COMPONENTS_INSTEAD);
  }

  @Post('editor/token')
  @ApiOperation({ operationId: 'EditorGenerateEditorToken', summary: 'Dashboard only (501)' })
  editorToken(): never {
    throw dashboardOnly(
      'The visual email editor',
      'Write templates as html through /notifications/{type}/EMAIL/templates.',
    );
  }

  @Post('insights')
  @ApiOperation({ operationId: 'InsightsQueryInsights', summary: 'Dashboard only (501)' })
  insights(): never {
    throw dashboardOnly(
      'Delivery insights',
      'Read delivery outcomes from GET /logs or POST /logs/query, or the events webhook.',
    );
  }
}
